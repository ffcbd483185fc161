import * as z from 'zod/mini'

/** Shapes of the chain API's on-ramp answers (Web3Modal 5.1.11's OnrampQuote, PurchaseCurrency, PaymentCurrency). */

const amountSchema = z.object({ amount: z.string(), currency: z.string() })

export const onrampQuoteSchema = z.object({
  paymentTotal: amountSchema,
  paymentSubtotal: amountSchema,
  purchaseAmount: amountSchema,
  coinbaseFee: amountSchema,
  networkFee: amountSchema,
  quoteId: z.string(),
})
export type OnrampQuote = z.infer<typeof onrampQuoteSchema>

export const purchaseCurrencySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(
    z.object({
      name: z.string(),
      display_name: z.string(),
      chain_id: z.string(),
      contract_address: z.string(),
    }),
  ),
})
export type PurchaseCurrency = z.infer<typeof purchaseCurrencySchema>

export const paymentCurrencySchema = z.object({
  id: z.string(),
  payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
})
export type PaymentCurrency = z.infer<typeof paymentCurrencySchema>

export const onrampOptionsSchema = z.object({
  paymentCurrencies: z.array(paymentCurrencySchema),
  purchaseCurrencies: z.array(purchaseCurrencySchema),
})
export type OnrampOptions = z.infer<typeof onrampOptionsSchema>

export const onrampProviderSchema = z.object({
  name: z.string(),
  label: z.string(),
  feeRange: z.string(),
  url: z.string(),
  supportedChains: z.array(z.string()),
  available: z.boolean(),
  reason: z.optional(z.string()),
})
export type OnrampProvider = z.infer<typeof onrampProviderSchema>

export const onrampProvidersSchema = z.object({ providers: z.array(onrampProviderSchema) })

export const onrampUrlSchema = z.object({ url: z.string() })

export const ONRAMP_STATUS = {
  inProgress: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  success: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  failed: 'ONRAMP_TRANSACTION_STATUS_FAILED',
} as const

export const onrampPurchaseSchema = z.object({
  id: z.string(),
  metadata: z.object({
    hash: z.string(),
    minedAt: z.string(),
    status: z.string(),
    chain: z.string(),
    failure: z.optional(z.string()),
  }),
  transfers: z.array(
    z.object({
      fungible_info: z.optional(z.object({ symbol: z.optional(z.string()) })),
      quantity: z.object({ numeric: z.string() }),
    }),
  ),
})
export type OnrampPurchase = z.infer<typeof onrampPurchaseSchema>

export const onrampHistorySchema = z.object({ data: z.array(onrampPurchaseSchema) })
