import { z } from 'zod'

/**
 * The `/v1/convert/*` answers, in the shapes of Web3Modal 5.1.11's BlockchainApi*Response types, so its
 * swap client reads them unchanged. Token ids are CAIP-10 (`eip155:<chain>:<address>`); amounts are
 * integer strings in the token's smallest unit.
 */
const caip10 = z.string().regex(/^eip155:\d+:0x[0-9a-fA-F]{40}$/)
const integerString = z.string().regex(/^\d+$/)

export const swapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  address: caip10,
  decimals: z.number().int(),
  logoUri: z.string(),
  eip2612: z.boolean().optional(),
})

/** GET /v1/convert/tokens */
export const swapTokensResponseSchema = z.object({ tokens: z.array(swapTokenSchema) })

/** GET /v1/convert/quotes; `toAmount` is what the visitor receives for `fromAmount`, the provider fee taken. */
export const swapQuoteResponseSchema = z.object({
  quotes: z.array(
    z.object({
      id: z.string().nullable(),
      fromAmount: integerString,
      fromAccount: z.string(),
      toAmount: integerString,
      toAccount: z.string(),
    }),
  ),
})

/** GET /v1/convert/allowance: what the fee router may spend of the token for the user. */
export const swapAllowanceResponseSchema = z.object({ allowance: integerString })

/**
 * GET /v1/convert/build-approve. Web3Modal 5.1.11 sends the transaction to `tx.from` (the token whose
 * `approve` it calls) and estimates its gas against `tx.to` (the spender), so both are set that way.
 */
export const buildApproveResponseSchema = z.object({
  tx: z.object({
    from: caip10,
    to: caip10,
    data: z.string().regex(/^0x[0-9a-f]*$/),
    value: integerString,
    eip155: z.object({ gas: z.number().int().positive(), gasPrice: integerString }),
  }),
})

/** POST /v1/convert/build-transaction: the swap, sent to `tx.to` (with `amount` as value from the native token). */
export const buildTransactionResponseSchema = z.object({
  tx: z.object({
    from: caip10,
    to: caip10,
    data: z.string().regex(/^0x[0-9a-f]*$/),
    amount: integerString,
    eip155: z.object({ gas: integerString, gasPrice: integerString }),
  }),
})

export type SwapToken = z.infer<typeof swapTokenSchema>
export type SwapTokensResponse = z.infer<typeof swapTokensResponseSchema>
export type SwapQuoteResponse = z.infer<typeof swapQuoteResponseSchema>
export type SwapAllowanceResponse = z.infer<typeof swapAllowanceResponseSchema>
export type BuildApproveResponse = z.infer<typeof buildApproveResponseSchema>
export type BuildTransactionResponse = z.infer<typeof buildTransactionResponseSchema>
