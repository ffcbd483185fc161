import { z } from 'zod'

// Only the fields the indexer reads; the node is trusted for the rest but these are checked at the boundary.
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/)

export const rpcTransactionSchema = z.looseObject({
  hash,
  from: address,
  to: address.nullable().optional(),
  nonce: hex,
  value: hex,
  transactionIndex: hex,
})

/** What the indexer compares to see that the chain still holds the blocks it stored. */
export const rpcBlockHeaderSchema = z.looseObject({
  number: hex,
  hash,
  parentHash: hash,
})

export const rpcBlockSchema = rpcBlockHeaderSchema.extend({
  timestamp: hex,
  transactions: z.array(rpcTransactionSchema),
})

export const rpcLogSchema = z.looseObject({
  address,
  topics: z.array(hash),
  data: hex,
  logIndex: hex,
  transactionHash: hash,
})

export const rpcReceiptSchema = z.looseObject({
  transactionHash: hash,
  status: hex.nullable().optional(),
  contractAddress: address.nullable().optional(),
  logs: z.array(rpcLogSchema),
})

/**
 * One call of a block's Parity-style traces (`trace_block`): the indexer reads the native value internal
 * calls move. `traceAddress` is the call's path in its transaction's call tree; `error` marks a reverted
 * call, whose sub-calls are undone with it.
 */
export const rpcTraceSchema = z.looseObject({
  type: z.string(),
  action: z.looseObject({
    from: address.optional(),
    to: address.nullable().optional(),
    value: hex.optional(),
    callType: z.string().optional(),
  }),
  transactionHash: hash.nullable().optional(),
  traceAddress: z.array(z.number().int().nonnegative()),
  error: z.string().optional(),
})

export type RpcTrace = z.infer<typeof rpcTraceSchema>
export type RpcBlockHeader = z.infer<typeof rpcBlockHeaderSchema>
export type RpcBlock = z.infer<typeof rpcBlockSchema>
export type RpcReceipt = z.infer<typeof rpcReceiptSchema>
