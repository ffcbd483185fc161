import { createHash } from 'node:crypto'
import fc from 'fast-check'

/** The target name of frames that are not a well-formed request of any method. */
export const RAW_FRAMES = '(raw frames)'

/** Topics the shaped frames use, few enough that every one can be read back at the end. */
export const TOPICS = Array.from({ length: 16 }, (_, i) =>
  createHash('sha256').update(`fuzz ${i}`).digest('hex'),
)

type Fields = Record<string, fc.Arbitrary<unknown>>

export interface RelayFrame {
  /** The frame's text around the id the client gives it (undefined: the frame carries none). */
  text(id: number | undefined): string
  numbered: boolean
  /** Message bodies the frame would store, for the refused-publish check. */
  messages: string[]
}

const anyJson = fc.jsonValue({ maxDepth: 3 })
const wrong = fc.oneof(
  anyJson,
  fc.constantFrom('', '0x', '__proto__', 'z'.repeat(64), 'A'.repeat(65), -1, 0, 2 ** 53, 1e308, null, true),
  fc.string({ maxLength: 200 }),
)
const valid = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof(
    { arbitrary, weight: 6 },
    { arbitrary: wrong, weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  )

const topic = fc.constantFrom(...TOPICS)
const message = fc
  .tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 300 }))
  .map(([n, bytes]) => `${n}${Buffer.from(bytes).toString('base64')}`)
const ttl = fc.oneof(fc.constantFrom(300, 10, 86_400, 604_800), fc.integer({ min: -10, max: 10 ** 9 }))
const tag = fc.oneof(fc.constantFrom(1100, 1108, 0), fc.integer())

const publishFields: Fields = {
  topic: valid(topic),
  message: valid(message),
  ttl: valid(ttl),
  tag: valid(tag),
  prompt: valid(fc.boolean()),
  attestation: valid(fc.string({ maxLength: 100 })),
  // The SDK's analytics fields (TVF): accepted and never stored.
  correlationId: valid(fc.integer()),
  rpcMethods: valid(fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 })),
}
const batch = <T>(item: fc.Arbitrary<T>) =>
  fc.oneof(
    fc.array(item, { minLength: 1, maxLength: 5 }),
    fc.constant([]),
    fc.array(item, { minLength: 1001, maxLength: 1001 }),
  )
const record = (fields: Fields) => fc.record(fields, { requiredKeys: [] })

/** Shaped params per relay method, keyed as the relay lists its methods; a method missing here fails the run. */
export function relayFrameShapes(): Record<string, Fields> {
  return {
    irn_subscribe: { topic: valid(topic) },
    irn_batchSubscribe: { topics: valid(batch(topic)) },
    irn_unsubscribe: { topic: valid(topic), id: valid(fc.string({ maxLength: 64 })) },
    irn_batchUnsubscribe: {
      subscriptions: valid(batch(record({ topic: valid(topic), id: valid(fc.string()) }))),
    },
    irn_publish: publishFields,
    irn_batchPublish: { messages: valid(batch(record(publishFields))) },
    irn_fetchMessages: { topic: valid(topic) },
    irn_batchFetchMessages: { topics: valid(batch(topic)) },
    wc_proposeSession: {
      pairingTopic: valid(topic),
      sessionProposal: valid(message),
      ttl: valid(ttl),
      attestation: valid(fc.string({ maxLength: 100 })),
    },
    wc_approveSession: {
      sessionTopic: valid(topic),
      pairingTopic: valid(topic),
      sessionProposalResponse: valid(message),
      sessionSettlementRequest: valid(message),
      ttl: valid(ttl),
    },
    [RAW_FRAMES]: {},
  }
}

function messagesOf(params: unknown): string[] {
  if (params === null || typeof params !== 'object') return []
  const found: string[] = []
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' && /^(message|session\w+)$/.test(key)) found.push(value)
    if (key === 'messages' && Array.isArray(value)) found.push(...value.flatMap(messagesOf))
  }
  return found
}

const rawFrame: fc.Arbitrary<RelayFrame> = fc
  .oneof(
    fc.string({ maxLength: 300 }),
    anyJson.map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '{',
      '{"id":',
      '{"id":1e999,"method":"irn_subscribe"}',
      '{"id":{"a":1},"method":"x"}',
      '[]',
      'null',
    ),
    fc
      .tuple(fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }), fc.constantFrom('irn_subscribe', 'irn_publish'))
      .map(
        ([id, method]) =>
          `{"id":${id},"jsonrpc":"2.0","method":"${method}","params":{"topic":"${TOPICS[0]}"}}`,
      ),
    fc.constant(`{"id":1,"method":"irn_publish","params":{"message":"${'a'.repeat(600_000)}"}}`),
  )
  .map((text) => ({ text: () => text, numbered: false, messages: [] }))

/** Frames for one method: shaped params bent in places, params of any shape, or an unknown method. */
export function frameArbitrary(method: string, fields: Fields): fc.Arbitrary<RelayFrame> {
  if (method === RAW_FRAMES) return rawFrame
  const shaped = record(fields)
  const params = fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: wrong, weight: 1 })
  const methodName = fc.oneof(
    { arbitrary: fc.constant(method), weight: 9 },
    {
      arbitrary: fc.constantFrom(
        method.toUpperCase(),
        `${method} `,
        'irn_nothing',
        '__proto__',
        'constructor',
      ),
      weight: 1,
    },
  )
  return fc.tuple(methodName, params, fc.boolean()).map(([name, value, withJsonrpc]) => ({
    text: (id) =>
      JSON.stringify({ id, ...(withJsonrpc ? { jsonrpc: '2.0' } : {}), method: name, params: value }),
    numbered: true,
    messages: messagesOf(value),
  }))
}
