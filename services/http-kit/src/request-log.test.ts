import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { privateLoggerOptions, privateLogging, requestLogPath } from './index.js'

const SECRETS = {
  token: 'tok_7f3a9c1e5b2d4f6a8c0e',
  flowId: 'flow_5e8b1d3f7a9c2e4b',
  code: '482913',
  deviceId: 'dev_c4a2e6f8b0d1',
  parameter: 'param_9d7b5f3e1a',
}

function captureLog() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { stream, text: () => lines.join('') }
}

async function serverLoggingTo(stream: Writable) {
  const app = Fastify(privateLogging({ level: 'trace', stream }))
  app.get('/auth/v1/social/result/:flowId', async () => ({ ok: true }))
  app.post('/auth/v1/email/verify', async () => ({ ok: true }))
  app.get('/auth/v1/failing', async () => {
    // Like a database error: the query's parameters ride along as a field.
    throw Object.assign(new Error('query failed'), { params: [SECRETS.token], query: 'select $1' })
  })
  await app.ready()
  return app
}

describe('request log', () => {
  it('never holds tokens, flow ids, device ids or codes, from the path, query, headers or body', async () => {
    const log = captureLog()
    const app = await serverLoggingTo(log.stream)
    const authorization = { authorization: `Bearer ${SECRETS.token}`, cookie: `session=${SECRETS.token}` }
    const query = `code=${SECRETS.code}&device=${SECRETS.deviceId}&token=${SECRETS.token}`
    await app.inject({ url: `/auth/v1/social/result/${SECRETS.flowId}?${query}`, headers: authorization })
    await app.inject({
      method: 'POST',
      url: `/auth/v1/email/verify?${query}`,
      headers: authorization,
      payload: { otp: SECRETS.code, deviceId: SECRETS.deviceId, flowId: SECRETS.flowId },
    })
    await app.inject({ url: `/auth/v1/no-such-route/${SECRETS.flowId}/${SECRETS.code}?${query}` })
    await app.inject({ url: `/auth/v1/failing?${query}`, headers: authorization })
    await app.close()

    const text = log.text()
    expect(text).toContain('"url":"/auth/v1/social/result/:flowId"')
    expect(text).toContain('"url":"/auth/v1/email/verify"')
    expect(text).toContain('"url":"/auth/v1/no-such-route/:redacted/:redacted"')
    expect(text).toContain('query failed')
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret)
    expect(text).not.toMatch(/authorization|cookie|remoteAddress|127\.0\.0\.1/i)
  })

  it('names the route pattern, or for no route the path with ids redacted and no query', () => {
    const routed = {
      url: '/auth/v1/social/result/abc?code=1',
      routeOptions: { url: '/auth/v1/social/result/:flowId' },
    }
    expect(requestLogPath(routed)).toBe('/auth/v1/social/result/:flowId')
    expect(requestLogPath({ url: '/getWallets?search=x' })).toBe('/getWallets')
    expect(requestLogPath({ url: '/public/getTokenImage/0xAbC123#frag' })).toBe(
      '/public/getTokenImage/:redacted',
    )
    expect(requestLogPath({ url: '/auth/v2/device/3f9a' })).toBe('/auth/v2/device/:redacted')
    expect(requestLogPath({ url: '/auth/v1/device/a'.padEnd(60, 'b') })).toBe('/auth/v1/device/:redacted')
  })

  it('keeps a caller serializer from putting the URL back', () => {
    const options = privateLoggerOptions({
      level: 'info',
      serializers: { req: (request: { url: string }) => ({ url: request.url }) },
    }) as { serializers: { req(request: object): { url: string } } }
    expect(options.serializers.req({ id: '1', method: 'GET', url: `/x/${SECRETS.flowId}` }).url).toBe(
      '/x/:redacted',
    )
  })
})
