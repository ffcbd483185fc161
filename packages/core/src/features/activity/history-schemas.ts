import * as z from 'zod/mini'

/**
 * The Blockchain API's history shapes (spec §7), checked before Activity shows them. Their own module, loaded
 * with the first history request: opening the modal does not pay for the richest schemas of the API.
 */

const fungibleInfoSchema = z.object({
  name: z.optional(z.nullable(z.string())),
  symbol: z.optional(z.nullable(z.string())),
  icon: z.optional(z.nullable(z.object({ url: z.optional(z.nullable(z.string())) }))),
})

export const historyTransferSchema = z.object({
  fungible_info: z.optional(z.nullable(fungibleInfoSchema)),
  /** in, out or self, seen from the account. */
  direction: z.string(),
  quantity: z.object({ numeric: z.string() }),
  /** Who the leg came from and went to (Zerion's fields; Portico's chain API gives them). */
  sender: z.optional(z.nullable(z.string())),
  recipient: z.optional(z.nullable(z.string())),
  value: z.optional(z.nullable(z.number())),
  price: z.optional(z.nullable(z.number())),
  nft_info: z.optional(
    z.nullable(z.object({ flags: z.optional(z.object({ is_spam: z.optional(z.boolean()) })) })),
  ),
})

export const historyItemSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.string(),
    hash: z.string(),
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.optional(z.nullable(z.string())),
    status: z.string(),
    nonce: z.optional(z.nullable(z.number())),
    chain: z.string(),
    /** Whom the account dealt with, with a registered name (Portico's chain API). */
    counterparty: z.optional(
      z.nullable(z.object({ address: z.string(), name: z.optional(z.nullable(z.string())) })),
    ),
  }),
  transfers: z.array(historyTransferSchema),
  /** Allowances the account granted (an `approve` transaction). */
  approvals: z.optional(
    z.nullable(
      z.array(
        z.object({
          fungible_info: z.optional(z.nullable(fungibleInfoSchema)),
          quantity: z.object({ numeric: z.string() }),
          unlimited: z.optional(z.boolean()),
          spender: z.string(),
        }),
      ),
    ),
  ),
})
export type HistoryItem = z.infer<typeof historyItemSchema>

export const historyResponseSchema = z.object({
  data: z.array(historyItemSchema),
  next: z.optional(z.nullable(z.string())),
})

/** GET /v1/profile/reverse/{address}: the names of an address; only the fields Activity reads. */
export const nameRegistrationsSchema = z.array(z.object({ name: z.string(), registered: z.number() }))
