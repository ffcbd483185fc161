import * as z from 'zod/mini'

/**
 * The Blockchain API's `/v1/convert/*` and `/v1/fungible/price` answers (spec §7, in the shapes of
 * Web3Modal 5.1.11's BlockchainApi*Response types), checked before use.
 */

const caip10 = z.string().check(z.regex(/^eip155:\d+:0x[0-9a-fA-F]{40}$/, 'a CAIP-10 id'))
/** Base units as digits (a number is accepted where a server writes one). */
const baseUnits = z.pipe(
  z.union([z.string().check(z.regex(/^\d+$/)), z.number().check(z.int(), z.nonnegative())]),
  z.transform((value) => BigInt(value)),
)
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/))

export const swapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string().check(z.minLength(1)),
  address: caip10,
  decimals: z.number().check(z.int(), z.gte(0), z.lte(77)),
  logoUri: z.optional(z.nullable(z.string())),
  eip2612: z.optional(z.boolean()),
})
export type SwapTokenListing = z.infer<typeof swapTokenSchema>

export const swapTokensResponseSchema = z.object({ tokens: z.array(swapTokenSchema) })

export const swapQuoteResponseSchema = z.object({
  quotes: z.array(
    z.object({
      id: z.optional(z.nullable(z.string())),
      fromAmount: baseUnits,
      fromAccount: z.string(),
      toAmount: baseUnits,
      toAccount: z.string(),
    }),
  ),
})

export const swapAllowanceResponseSchema = z.object({ allowance: baseUnits })

export const buildApproveResponseSchema = z.object({
  tx: z.object({
    from: caip10,
    to: caip10,
    data: hexData,
    value: z.optional(baseUnits),
    eip155: z.object({ gas: z.optional(baseUnits), gasPrice: baseUnits }),
  }),
})

export const buildTransactionResponseSchema = z.object({
  tx: z.object({
    from: caip10,
    to: caip10,
    data: hexData,
    amount: baseUnits,
    eip155: z.object({ gas: baseUnits, gasPrice: baseUnits }),
  }),
})

export const fungiblePriceResponseSchema = z.object({
  fungibles: z.array(z.object({ symbol: z.string(), price: z.number() })),
})

export const gasPriceResponseSchema = z.object({ standard: baseUnits, fast: baseUnits, instant: baseUnits })
