import * as z from 'zod/mini'

// The history's answer is checked where the history lives; the client loads every schema from here.
export { historyResponseSchema } from '../features/activity/history-schemas.js'

/** Response shapes of the Blockchain API (spec §7), checked before use. */

export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.nullable(z.string())),
  value: z.optional(z.nullable(z.number())),
  price: z.optional(z.nullable(z.number())),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.optional(z.nullable(z.string())),
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

export const balancesResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) })

export const identityResponseSchema = z.object({
  name: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
})

export const gasPriceResponseSchema = z.object({
  standard: z.union([z.string(), z.number()]),
  fast: z.union([z.string(), z.number()]),
  instant: z.union([z.string(), z.number()]),
})
