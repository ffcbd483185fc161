import { z } from 'zod'

const fungibleInfoSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  icon: z.object({ url: z.string() }),
})

/**
 * What one token did for the account in the transaction, netted (a swap's provider fee is part of its input
 * leg): Web3Modal's TransactionTransfer, with Zerion's sender and recipient.
 */
export const historyTransferSchema = z.object({
  fungible_info: fungibleInfoSchema,
  /** Seen from the requested account; `self` when it moved the token to itself. */
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string() }),
  /** Where the largest part of the leg came from and went to (display form). */
  sender: z.string(),
  recipient: z.string(),
  /** quantity × price in USD. */
  value: z.number(),
  /**
   * USD per token at the time of the transfer (the pools after its block); today's price for transfers
   * indexed without one (Solana clusters, whose prices have no history).
   */
  price: z.number(),
  /**
   * Present only on transfers of tokens outside the known-token list, with is_spam true: the reference
   * client's spam filter reads `nft_info.flags.is_spam` and drops transactions whose transfers all have it.
   */
  nft_info: z.object({ flags: z.object({ is_spam: z.boolean() }) }).optional(),
})

/** An allowance the account granted (Zerion's `approvals`): the token, the spender and how much. */
export const historyApprovalSchema = z.object({
  fungible_info: fungibleInfoSchema,
  quantity: z.object({ numeric: z.string() }),
  /** The maximum uint256 (or anything near it): no limit. */
  unlimited: z.boolean(),
  spender: z.string(),
})

export const historyTransactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    /**
     * Web3Modal's operation types: `trade` a swap (one outgoing and one incoming transfer), `send`, `receive`,
     * `approve` (see `approvals`), `buy` the delivery of an on-ramp purchase, `execute` any other call.
     */
    operationType: z.enum(['trade', 'send', 'receive', 'approve', 'buy', 'execute']),
    hash: z.string(),
    /** ISO 8601 time of the block. */
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed']),
    nonce: z.number(),
    /** CAIP-2, e.g. eip155:1. */
    chain: z.string(),
    /**
     * Whom the account dealt with: a send's receiver (the person, not the token contract), a receive's
     * sender, an approval's spender, otherwise the contract called; with its name when one is registered.
     */
    counterparty: z.object({ address: z.string(), name: z.string().optional() }).optional(),
  }),
  transfers: z.array(historyTransferSchema),
  approvals: z.array(historyApprovalSchema).optional(),
})

/** GET /v1/account/{address}/history: newest first; `next` is the cursor of the following page. */
export const historyResponseSchema = z.object({
  data: z.array(historyTransactionSchema),
  next: z.string().nullable(),
})

export type HistoryTransfer = z.infer<typeof historyTransferSchema>
export type HistoryApproval = z.infer<typeof historyApprovalSchema>
export type HistoryTransaction = z.infer<typeof historyTransactionSchema>
export type HistoryResponse = z.infer<typeof historyResponseSchema>
