import formbody from '@fastify/formbody'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { containsNulByte, nulByteGuard } from './index.js'

describe('nulByteGuard', () => {
  let app: FastifyInstance
  const seen: unknown[] = []

  beforeAll(async () => {
    app = Fastify()
    await app.register(async (guarded) => {
      await guarded.register(nulByteGuard)
      await guarded.register(formbody)
      guarded.get('/items/:id', async (request) => {
        seen.push(request.params, request.query)
        return { ok: true }
      })
      guarded.post('/items', async (request) => {
        seen.push(request.body)
        return { ok: true }
      })
    })
    // Outside the context it was registered in, nothing is checked.
    app.get('/unguarded/:id', async (request) => ({ id: (request.params as { id: string }).id }))
    await app.ready()
  })
  afterAll(() => app.close())

  const expectRejected = (response: { statusCode: number; json(): { message: string; code: string } }) => {
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'NUL_BYTE', message: expect.stringContaining('NUL byte') })
  }

  it('answers 400 to %00 in the path or the query, in either case of hex', async () => {
    seen.length = 0
    expectRejected(await app.inject({ url: '/items/a%00b' }))
    expectRejected(await app.inject({ url: '/items/a?search=%00' }))
    expectRejected(await app.inject({ url: '/items/a?x%00=1' }))
    expectRejected(await app.inject({ url: '/items/a?search=%2f%00' }))
    expect(seen).toEqual([])
  })

  it('answers 400 to U+0000 anywhere in a JSON or form body, keys and nested values included', async () => {
    seen.length = 0
    const post = (payload: string, type = 'application/json') =>
      app.inject({ method: 'POST', url: '/items', headers: { 'content-type': type }, payload })
    expectRejected(await post('{"name":"a\\u0000b"}'))
    expectRejected(await post('{"deep":[{"x":["ok","\\u0000"]}]}'))
    expectRejected(await post('{"a\\u0000":1}'))
    expectRejected(await post('"\\u0000"'))
    expectRejected(await post('name=a%00b', 'application/x-www-form-urlencoded'))
    expect(seen).toEqual([])
  })

  it('lets ordinary input through, %25 escapes that only look like %00 included', async () => {
    seen.length = 0
    expect((await app.inject({ url: '/items/a%2500?search=%2500' })).statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'POST', url: '/items', payload: { name: 'a b', n: [1, null] } }))
        .statusCode,
    ).toBe(200)
    expect(seen).toEqual([{ id: 'a%00' }, { search: '%00' }, { name: 'a b', n: [1, null] }])
    expect((await app.inject({ url: '/unguarded/a%00' })).statusCode).toBe(200)
  })

  it('walks a deeply nested body without overflowing the stack', () => {
    let nested: unknown = 'end\0'
    for (let depth = 0; depth < 200_000; depth++) nested = [nested]
    expect(containsNulByte(nested)).toBe(true)
    expect(containsNulByte({ a: [1, true, null, { b: 'c' }] })).toBe(false)
  })
})
