import { z } from 'zod'

export const historyTransferSchema = z.object({
  fungible_info: z.object({
    name: z.string(),
    symbol: z.string(),
    icon: z.object({ url: z.string() }),
  }),
  /** Seen from the requested account. */
  direction: z.enum(['in', 'out']),
  quantity: z.object({ numeric: z.string() }),
  /** quantity × price in USD, at today's price. */
  value: z.number(),
  price: z.number(),
  /**
   * Present only on transfers of tokens outside the known-token list, with is_spam true: the reference
   * client's spam filter reads `nft_info.flags.is_spam` and drops transactions whose transfers all have it.
   */
  nft_info: z.object({ flags: z.object({ is_spam: z.boolean() }) }).optional(),
})

export const historyTransactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    /** `buy`: the delivery of an on-ramp purchase to the account. */
    operationType: z.enum(['send', 'receive', 'execute', 'buy']),
    hash: z.string(),
    /** ISO 8601 time of the block. */
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed']),
    nonce: z.number(),
    /** CAIP-2, e.g. eip155:1. */
    chain: z.string(),
  }),
  transfers: z.array(historyTransferSchema),
})

/** GET /v1/account/{address}/history: newest first; `next` is the cursor of the following page. */
export const historyResponseSchema = z.object({
  data: z.array(historyTransactionSchema),
  next: z.string().nullable(),
})

export type HistoryTransfer = z.infer<typeof historyTransferSchema>
export type HistoryTransaction = z.infer<typeof historyTransactionSchema>
export type HistoryResponse = z.infer<typeof historyResponseSchema>
