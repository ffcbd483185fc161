import type { Address } from '@solana/kit'
import type { WebSocket } from 'ws'
import { z } from 'zod'
import { type AccountEncoding, encodeAccount } from './account-encoding.js'
import { JsonRpcError, RPC_ERROR } from './json-rpc-error.js'
import type { LocalCluster } from './local-cluster.js'
import { COMMITMENT_RANK, type Commitment, type TransactionRecord } from './transaction-log.js'

/**
 * The WebSocket half of the facade: signatureSubscribe, accountSubscribe and slotSubscribe (and their
 * unsubscribes), with the node's notification shapes. Notifications honour the subscription's commitment:
 * they are sent when the transaction reaches it.
 */

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string()]).optional(),
  method: z.string(),
  params: z.array(z.unknown()).optional(),
})

const commitment = z.enum(['processed', 'confirmed', 'finalized'])
const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a valid base58 public key')
const signatureParams = z.tuple([
  z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'not a valid base58 signature'),
  z
    .looseObject({ commitment: commitment.optional(), enableReceivedNotification: z.boolean().optional() })
    .optional(),
])
const accountParams = z.tuple([
  address,
  z
    .looseObject({
      commitment: commitment.optional(),
      encoding: z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']).optional(),
    })
    .optional(),
])
const unsubscribeParams = z.tuple([z.number().int()])

let nextSubscriptionId = 1

export function serveSubscriptions(socket: WebSocket, cluster: LocalCluster): void {
  const subscriptions = new Map<number, () => void>()

  const send = (message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  const notify = (method: string, subscription: number, result: unknown) =>
    send({ jsonrpc: '2.0', method, params: { result, subscription } })
  const delayFor = (level: Commitment) =>
    level === 'processed'
      ? 0
      : level === 'confirmed'
        ? cluster.delays.confirmedAfterMs
        : cluster.delays.finalizedAfterMs

  const subscribe: Record<string, (params: unknown[], id: number) => () => void> = {
    signatureSubscribe(params, id) {
      const [signature, config] = parse(signatureParams, params)
      const wanted = config?.commitment ?? 'finalized'
      const check = (record: TransactionRecord) => {
        if (record.signature !== signature) return
        if (COMMITMENT_RANK[cluster.commitmentOf(record)] < COMMITMENT_RANK[wanted]) return
        notify('signatureNotification', id, { context: { slot: cluster.slot }, value: { err: record.err } })
        // A signature subscription ends with its notification, as on a node.
        subscriptions.get(id)?.()
        subscriptions.delete(id)
      }
      cluster.on('transaction', check)
      cluster.on('commitment', check)
      // Already there (sent before the subscription)? Answer once the subscription id has been sent.
      setImmediate(() => {
        const record = cluster.log.get(signature)
        if (record && subscriptions.has(id)) check(record)
      })
      return () => {
        cluster.off('transaction', check)
        cluster.off('commitment', check)
      }
    },
    accountSubscribe(params, id) {
      const [key, config] = parse(accountParams, params)
      const encoding: AccountEncoding = config?.encoding ?? 'base58'
      const timers = new Set<NodeJS.Timeout>()
      const onTransaction = (record: TransactionRecord) => {
        if (!record.accountKeys.includes(key)) return
        const timer = setTimeout(
          () => {
            timers.delete(timer)
            if (!subscriptions.has(id)) return
            notify('accountNotification', id, {
              context: { slot: cluster.slot },
              value: encodeAccount(cluster.getAccount(key as Address), encoding, cluster) ?? {
                data: encoding === 'jsonParsed' || encoding === 'base64' ? ['', 'base64'] : ['', 'base58'],
                executable: false,
                lamports: 0,
                owner: '11111111111111111111111111111111',
                rentEpoch: 0,
                space: 0,
              },
            })
          },
          delayFor(config?.commitment ?? 'finalized'),
        )
        timer.unref()
        timers.add(timer)
      }
      cluster.on('transaction', onTransaction)
      return () => {
        cluster.off('transaction', onTransaction)
        for (const timer of timers) clearTimeout(timer)
      }
    },
    slotSubscribe(params, id) {
      parse(z.tuple([]), params)
      const onSlot = (slot: number) =>
        notify('slotNotification', id, { parent: Math.max(0, slot - 1), root: Math.max(0, slot - 32), slot })
      cluster.on('slot', onSlot)
      return () => cluster.off('slot', onSlot)
    },
  }

  const handle = (raw: string) => {
    let id: number | string | null = null
    try {
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {
        throw new JsonRpcError(RPC_ERROR.PARSE_ERROR, 'Parse error')
      }
      const request = requestSchema.safeParse(json)
      if (!request.success) throw new JsonRpcError(RPC_ERROR.INVALID_REQUEST, 'Invalid request')
      // A message without an id is a notification (clients' keep-alive pings): no answer.
      if (request.data.id === undefined) return
      id = request.data.id
      const { method } = request.data
      const params = request.data.params ?? []
      const start = subscribe[method]
      if (start) {
        const subscription = nextSubscriptionId++
        subscriptions.set(subscription, () => {})
        send({ jsonrpc: '2.0', result: subscription, id })
        try {
          subscriptions.set(subscription, start(params, subscription))
        } catch (error) {
          subscriptions.delete(subscription)
          throw error
        }
        return
      }
      if (/^(signature|account|slot)Unsubscribe$/.test(method)) {
        const [subscription] = parse(unsubscribeParams, params)
        const stop = subscriptions.get(subscription)
        if (!stop) throw new JsonRpcError(RPC_ERROR.INVALID_PARAMS, 'Invalid subscription id.')
        stop()
        subscriptions.delete(subscription)
        send({ jsonrpc: '2.0', result: true, id })
        return
      }
      throw new JsonRpcError(RPC_ERROR.METHOD_NOT_FOUND, 'Method not found')
    } catch (error) {
      const rpcError =
        error instanceof JsonRpcError ? error : new JsonRpcError(RPC_ERROR.INTERNAL_ERROR, 'Internal error')
      send({ jsonrpc: '2.0', error: rpcError.toJSON(), id })
    }
  }

  socket.on('message', (data) => handle(String(data)))
  socket.on('close', () => {
    for (const stop of subscriptions.values()) stop()
    subscriptions.clear()
  })
}

function parse<T extends z.ZodType>(schema: T, params: unknown[]): z.output<T> {
  const result = schema.safeParse(params)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new JsonRpcError(RPC_ERROR.INVALID_PARAMS, `Invalid params: ${issue?.message}`)
}
