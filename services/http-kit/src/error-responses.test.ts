import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorBody, errorResponses, frameworkErrors, nulByteGuard, ServiceError } from './index.js'

const logLines: string[] = []
const log = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk))
    done()
  },
})

/** A service with one route per kind of failure. */
async function service(knownCodes?: readonly string[]) {
  const app = Fastify({
    logger: { level: 'error', stream: log },
    maxParamLength: 20,
    frameworkErrors: frameworkErrors(knownCodes),
  })
  await app.register(errorResponses, { service: 'demo', ...(knownCodes ? { knownCodes } : {}) })
  await app.register(nulByteGuard)
  app.get('/teapot', async () => {
    throw new ServiceError('TEAPOT', 418, 'I am a teapot', {
      hint: 'ask for coffee elsewhere',
      parameter: 'drink',
    })
  })
  app.get('/busy', async () => {
    throw new ServiceError('COOLDOWN', 429, 'Wait a little', { retryAfterSeconds: 7 })
  })
  app.get('/upstream', async () => {
    throw new ServiceError('UPSTREAM_UNAVAILABLE', 502, 'The node did not answer')
  })
  app.get('/crash', async () => {
    throw Object.assign(new Error('select secret_column failed'), { params: ['secret-token'] })
  })
  app.get('/parse', async (request) =>
    z.object({ limit: z.coerce.number().int().max(10) }).parse(request.query),
  )
  app.post('/echo', async (request) => request.body)
  app.get('/items/:id', async () => ({ ok: true }))
  await app.ready()
  return app
}

describe('errorResponses', () => {
  let app: FastifyInstance
  let typed: FastifyInstance
  beforeAll(async () => {
    app = await service()
    typed = await service(['BAD_REQUEST', 'NOT_FOUND', 'RATE_LIMITED', 'COOLDOWN'])
  })
  afterAll(() => Promise.all([app.close(), typed.close()]))

  it('answers a ServiceError with its status, code, message and details', async () => {
    const response = await app.inject({ url: '/teapot' })
    expect(response.statusCode).toBe(418)
    expect(response.json()).toEqual({
      error: {
        code: 'TEAPOT',
        message: 'I am a teapot',
        hint: 'ask for coffee elsewhere',
        parameter: 'drink',
      },
    })
    const busy = await app.inject({ url: '/busy' })
    expect(busy.statusCode).toBe(429)
    expect(busy.headers['retry-after']).toBe('7')
    expect(busy.json()).toEqual({
      error: { code: 'COOLDOWN', message: 'Wait a little', retryAfterSeconds: 7 },
    })
    // A service's own 5xx keeps its code and message: it says what failed, not how.
    const upstream = await app.inject({ url: '/upstream' })
    expect(upstream.statusCode).toBe(502)
    expect(upstream.json()).toEqual(errorBody('UPSTREAM_UNAVAILABLE', 'The node did not answer'))
  })

  it('answers a zod error from a handler as a 400 naming the field', async () => {
    const response = await app.inject({ url: '/parse?limit=99' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^Invalid limit: /), parameter: 'limit' },
    })
    expect((await app.inject({ url: '/parse?limit=3' })).json()).toEqual({ limit: 3 })
  })

  it('answers an unknown route, a NUL byte and Fastify’s own 4xx in the same shape', async () => {
    const missing = await app.inject({ url: '/nothing/here?x=1' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual(errorBody('NOT_FOUND', 'No route GET /nothing/here'))
    const nul = await app.inject({ url: '/teapot?x=%00' })
    expect(nul.statusCode).toBe(400)
    expect(nul.json().error.code).toBe('NUL_BYTE')
    const badJson = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    })
    expect(badJson.statusCode).toBe(400)
    expect(badJson.json()).toEqual({
      error: { code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: expect.any(String) },
    })
  })

  it('answers an internal failure without its details, and logs it with the service name', async () => {
    logLines.length = 0
    const response = await app.inject({ url: '/crash' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual(errorBody('INTERNAL', 'Internal server error'))
    expect(response.body).not.toContain('secret')
    expect(logLines.join('')).toContain('demo request failed')
  })

  it('answers codes its clients do not know as the generic code of the status', async () => {
    expect((await typed.inject({ url: '/teapot' })).json().error.code).toBe('BAD_REQUEST')
    expect((await typed.inject({ url: '/teapot?x=%00' })).json().error.code).toBe('BAD_REQUEST')
    expect((await typed.inject({ url: '/busy' })).json().error.code).toBe('COOLDOWN')
    expect((await typed.inject({ url: '/nowhere' })).json().error.code).toBe('NOT_FOUND')
  })
})
