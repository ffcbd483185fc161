import { z } from 'zod'
import { clampTtlSeconds, type MessageRecord, messageId, wireMessage } from './message-record.js'
import { RelayRpcError, RPC_INVALID_PARAMS, RPC_METHOD_NOT_FOUND } from './relay-errors.js'
import type { RelayHub, RelaySubscriber } from './relay-hub.js'
import {
  isRelayMethod,
  type PublishParams,
  type RelayMethod,
  type RelayParams,
  relayParamSchemas,
  TAG_SESSION_PROPOSE,
  TAG_SESSION_PROPOSE_RESPONSE,
  TAG_SESSION_SETTLE,
} from './relay-params.js'
import { subscriptionId } from './subscription-id.js'

/** The socket a method is called on: a subscriber, and the peer's address for per-IP limits. */
type Caller = RelaySubscriber & { readonly ip: string }

type Handler<M extends RelayMethod> = (
  params: RelayParams<M>,
  connection: Caller,
  hub: RelayHub,
) => Promise<unknown>

const handlers: { [M in RelayMethod]: Handler<M> } = {
  irn_subscribe: async ({ topic }, connection, hub) => {
    await hub.subscribe(connection, topic)
    return subscriptionId(topic, connection.clientId)
  },
  irn_batchSubscribe: async ({ topics }, connection, hub) => {
    hub.checkTopicLimit(connection, topics)
    await Promise.all(topics.map((topic) => hub.subscribe(connection, topic)))
    return topics.map((topic) => subscriptionId(topic, connection.clientId))
  },
  irn_unsubscribe: async ({ topic }, connection, hub) => {
    hub.unsubscribe(connection, topic)
    return true
  },
  irn_batchUnsubscribe: async ({ subscriptions }, connection, hub) => {
    for (const { topic } of subscriptions) hub.unsubscribe(connection, topic)
    return true
  },
  // A duplicate publish also answers true: an error would crash Node clients (an SDK retry path has no catch).
  irn_publish: async (params, connection, hub) => {
    await hub.publish(connection.clientId, [toRecord(params, connection, hub)], undefined, connection.ip)
    return true
  },
  irn_batchPublish: async ({ messages }, connection, hub) => {
    await hub.publish(
      connection.clientId,
      messages.map((params) => toRecord(params, connection, hub)),
      undefined,
      connection.ip,
    )
    return true
  },
  irn_fetchMessages: async ({ topic }, connection, hub) => fetchPage(topic, connection, hub),
  irn_batchFetchMessages: async ({ topics }, connection, hub) => {
    const pages = await Promise.all(topics.map((topic) => fetchPage(topic, connection, hub)))
    return { messages: pages.flatMap((page) => page.messages), hasMore: pages.some((page) => page.hasMore) }
  },
  wc_proposeSession: async ({ pairingTopic, sessionProposal, ttl, attestation }, connection, hub) => {
    hub.checkTopicLimit(connection, [pairingTopic])
    const proposal = {
      topic: pairingTopic,
      message: sessionProposal,
      ttl,
      tag: TAG_SESSION_PROPOSE,
      attestation,
    }
    await hub.publish(
      connection.clientId,
      [toRecord(proposal, connection, hub)],
      () => hub.subscribe(connection, pairingTopic),
      connection.ip,
    )
    return true
  },
  wc_approveSession: async (params, connection, hub) => {
    const { sessionTopic, pairingTopic, ttl } = params
    hub.checkTopicLimit(connection, [sessionTopic])
    const response = {
      topic: pairingTopic,
      message: params.sessionProposalResponse,
      ttl,
      tag: TAG_SESSION_PROPOSE_RESPONSE,
    }
    const settle = {
      topic: sessionTopic,
      message: params.sessionSettlementRequest,
      ttl,
      tag: TAG_SESSION_SETTLE,
    }
    await hub.publish(
      connection.clientId,
      [toRecord(response, connection, hub), toRecord(settle, connection, hub)],
      () => hub.subscribe(connection, sessionTopic),
      connection.ip,
    )
    return true
  },
}

/** Validates the params of one request and runs it; throws RelayRpcError for the client's mistakes. */
export async function handleRelayMethod(method: string, params: unknown, connection: Caller, hub: RelayHub) {
  if (!isRelayMethod(method))
    throw new RelayRpcError(RPC_METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 64)}`)
  const parsed = relayParamSchemas[method].safeParse(params)
  if (!parsed.success) {
    throw new RelayRpcError(
      RPC_INVALID_PARAMS,
      `Invalid params: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`,
    )
  }
  const handler = handlers[method] as Handler<typeof method>
  return handler(parsed.data as never, connection, hub)
}

function toRecord(
  params: Pick<PublishParams, 'topic' | 'message' | 'ttl' | 'tag' | 'attestation'>,
  connection: Caller,
  hub: RelayHub,
): MessageRecord {
  const publishedAt = hub.clock()
  const ttlSeconds = clampTtlSeconds(params.ttl, hub.minTtlSeconds, hub.quotas.limits.maxTtlSeconds)
  return {
    id: messageId(params.topic, params.message),
    topic: params.topic,
    message: params.message,
    tag: params.tag ?? 0,
    publishedAt,
    expiresAt: publishedAt + ttlSeconds * 1000,
    attestation: params.attestation,
    publisher: connection.clientId,
  }
}

/** One page of messages waiting for this client; returning them counts as delivery, so the next page moves on. */
async function fetchPage(topic: string, connection: Caller, hub: RelayHub) {
  const { records, hasMore } = await hub.backlog(topic, connection.clientId)
  await Promise.all(records.map((record) => hub.mailbox.ack(connection.clientId, record)))
  return { messages: records.map(wireMessage), hasMore }
}
