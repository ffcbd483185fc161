import { appEventNames, parseAppMessage } from '@portico/wire'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { AUTH_URL } from './testing/fake-auth-service.js'
import { createFrameHarness, DAPP_ORIGIN } from './testing/frame-harness.js'

const nastyKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'type',
  'id',
  'payload',
  'email',
  'otp',
]
const nastyValue = fc.oneof(
  fc.anything({ withNullPrototype: true, withBigInt: true }),
  fc.string({ maxLength: 5000 }),
  fc.constantFrom('a@b.co', '123456', 'eip155:1', 'eoa', 'smartAccount', 'dark', 'google', 'eth_call', ''),
  fc.dictionary(fc.constantFrom(...nastyKeys), fc.anything(), { maxKeys: 4 }),
)
const typeArb = fc.oneof(
  fc.constantFrom(...appEventNames).map((name) => `@portico-app/${name}`),
  fc.constantFrom(...appEventNames).map((name) => `@portico-app/${name.toLowerCase()}`),
  fc.constantFrom(
    '@portico-app/__proto__',
    '@portico-app/constructor',
    '@portico-frame/READY',
    'CONNECT_EMAIL',
  ),
  fc.string(),
  nastyValue,
)
const idArb = fc.oneof(
  fc.constant(undefined),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  fc.string({ maxLength: 200 }),
  nastyValue,
)
const payloadArb = fc.oneof(
  fc.constant(undefined),
  nastyValue,
  fc.record(
    { email: nastyValue, otp: nastyValue, chainId: nastyValue, type: nastyValue },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.constantFrom(...nastyKeys), nastyValue, { maxKeys: 5 }),
)
const messageArb = fc.oneof(
  fc.record({ type: typeArb, id: idArb, payload: payloadArb }, { requiredKeys: [] }),
  nastyValue,
  // JSON-born objects carry an own `__proto__` key, as a structured clone can.
  fc.tuple(typeArb, idArb, nastyValue).map(([type, id, polluted]) => {
    try {
      return JSON.parse(
        `{"type":${JSON.stringify(type) ?? 'null'},"id":${JSON.stringify(id) ?? 'null'},"__proto__":${JSON.stringify(polluted) ?? 'null'},"payload":{"__proto__":{"polluted":true}}}`,
      )
    } catch {
      return { type, id }
    }
  }),
)

describe('frame handler under fuzzed messages', () => {
  const harness = createFrameHarness()
  beforeAll(async () => {
    await harness.loginByEmail('fuzz@example.test')
    await harness.ok('GET_USER')
  })

  const state = () => JSON.stringify([harness.storage.snapshot(), harness.handler.inspect()])

  it('never throws, never changes state and answers only messages with a valid id, with an error', async () => {
    await fc.assert(
      fc.asyncProperty(messageArb, async (data) => {
        const parsed = parseAppMessage(data)
        fc.pre(!parsed.ok)
        const before = state()
        const posted = harness.posts.length
        expect(() =>
          harness.handler.receive({ data, origin: DAPP_ORIGIN, source: harness.parent }),
        ).not.toThrow()
        await harness.handler.idle()
        const replies = harness.posts.slice(posted)
        expect(state()).toBe(before)
        if (parsed.id === undefined) expect(replies).toEqual([])
        else {
          expect(replies).toHaveLength(1)
          expect(replies[0]?.id).toBe(parsed.id)
          expect(replies[0]?.type).toMatch(/^@portico-frame\/[A-Z_]+ERROR$/)
          expect(replies[0]?.payload).toEqual({ message: expect.any(String) })
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { numRuns: 400 },
    )
  })

  it('ignores everything, valid or not, from a wrong origin or a wrong window', async () => {
    const origins = fc.oneof(
      fc.constantFrom('https://evil.test', 'http://127.0.0.1:5174', AUTH_URL, 'null', ''),
      fc.webUrl().map((url) => new URL(url).origin),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          messageArb,
          fc.constantFrom(...appEventNames).map((name) => ({ type: `@portico-app/${name}`, id: 'ok' })),
        ),
        origins,
        fc.boolean(),
        async (data, origin, rightWindowWrongOrigin) => {
          const before = state()
          const posted = harness.posts.length
          const event = rightWindowWrongOrigin
            ? { data, origin, source: harness.parent }
            : { data, origin: DAPP_ORIGIN, source: { impostor: true } }
          if (event.origin === DAPP_ORIGIN && event.source === harness.parent) return
          expect(() => harness.handler.receive(event)).not.toThrow()
          await harness.handler.idle()
          expect(harness.posts.length).toBe(posted)
          expect(state()).toBe(before)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('still works after the fuzzing', async () => {
    expect(await harness.ok('IS_CONNECTED')).toEqual({ isConnected: true })
  })
})
