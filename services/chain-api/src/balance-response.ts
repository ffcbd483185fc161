import { z } from 'zod'

export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-2, e.g. eip155:1. */
  chainId: z.string(),
  /** CAIP-10 token contract, e.g. eip155:1:0x…; absent for the native currency. */
  address: z.string().optional(),
  /** quantity × price, in USD. */
  value: z.number(),
  /** USD per whole token. */
  price: z.number(),
  quantity: z.object({
    /** Token decimals, as a string. */
    decimals: z.string(),
    /** Whole-token amount as a decimal string, e.g. "1.5". */
    numeric: z.string(),
  }),
  iconUrl: z.string(),
})

/** GET /v1/account/{address}/balance */
export const balanceResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) })

export type TokenBalance = z.infer<typeof tokenBalanceSchema>
export type BalanceResponse = z.infer<typeof balanceResponseSchema>
