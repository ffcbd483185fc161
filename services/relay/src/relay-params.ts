import { z } from 'zod'

/** Topics are sha256 digests in hex. */
export const topicSchema = z.string().regex(/^[0-9a-fA-F]{64}$/, 'a topic is 64 hex characters')
const messageSchema = z.string().min(1, 'message must not be empty')
const ttlSchema = z.number().int().positive()
/** The SDK adds analytics fields (TVF: rpcMethods, chainId, txHashes …); accepted and never stored. */
const loose = z.looseObject

export const MAX_BATCH_SIZE = 1_000
const batch = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(MAX_BATCH_SIZE)

export const publishParamsSchema = loose({
  topic: topicSchema,
  message: messageSchema,
  ttl: ttlSchema,
  tag: z.number().int().nonnegative().optional(),
  prompt: z.boolean().optional(),
  attestation: z.string().optional(),
})
export type PublishParams = z.output<typeof publishParamsSchema>

export const relayParamSchemas = {
  irn_subscribe: loose({ topic: topicSchema }),
  irn_batchSubscribe: loose({ topics: batch(topicSchema) }),
  irn_unsubscribe: loose({ topic: topicSchema, id: z.string().optional() }),
  irn_batchUnsubscribe: loose({
    subscriptions: batch(loose({ topic: topicSchema, id: z.string().optional() })),
  }),
  irn_publish: publishParamsSchema,
  irn_batchPublish: loose({ messages: batch(publishParamsSchema) }),
  irn_fetchMessages: loose({ topic: topicSchema }),
  irn_batchFetchMessages: loose({ topics: batch(topicSchema) }),
  // SDK ≥ 2.21: the proposal goes out with an implicit subscription of the dApp to the pairing topic.
  wc_proposeSession: loose({
    pairingTopic: topicSchema,
    sessionProposal: messageSchema,
    ttl: ttlSchema,
    attestation: z.string().optional(),
  }),
  // …and the approval with an implicit subscription of the wallet to the session topic.
  wc_approveSession: loose({
    sessionTopic: topicSchema,
    pairingTopic: topicSchema,
    sessionProposalResponse: messageSchema,
    sessionSettlementRequest: messageSchema,
    ttl: ttlSchema,
  }),
} as const

export type RelayMethod = keyof typeof relayParamSchemas
export type RelayParams<M extends RelayMethod> = z.output<(typeof relayParamSchemas)[M]>

export function isRelayMethod(method: string): method is RelayMethod {
  return Object.hasOwn(relayParamSchemas, method)
}

/** Tags the composite methods publish with (the SDK's wc_sessionPropose request/response, wc_sessionSettle). */
export const TAG_SESSION_PROPOSE = 1100
export const TAG_SESSION_PROPOSE_RESPONSE = 1101
export const TAG_SESSION_SETTLE = 1102
