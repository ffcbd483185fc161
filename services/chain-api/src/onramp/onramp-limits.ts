/** How the visitor pays; the ids Coinbase Onramp uses, which Web3Modal clients show. */
export const PAYMENT_METHODS = ['card', 'ach_bank_account'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Fiat currencies accepted, with the same limits in each (spec §9). */
export const PAYMENT_CURRENCIES = ['USD', 'EUR'] as const
export type PaymentCurrencyId = (typeof PAYMENT_CURRENCIES)[number]

/** Spec §9: card 10 to 7,500, bank account 10 to 25,000, in USD and EUR alike. */
export const PAYMENT_METHOD_LIMITS: Readonly<Record<PaymentMethod, { min: number; max: number }>> = {
  card: { min: 10, max: 7_500 },
  ach_bank_account: { min: 10, max: 25_000 },
}

/** Provider fee, within the spec's 1-2 % range: a card costs the provider more than a bank transfer. */
export const PROVIDER_FEE_RATES: Readonly<Record<PaymentMethod, number>> = {
  card: 0.02,
  ach_bank_account: 0.01,
}

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  card: 'card',
  ach_bank_account: 'bank account',
}

/**
 * USD per unit of each fiat currency. Token prices are kept in USD; the devnet has no euro market, so the
 * sandbox converts at this fixed reference rate.
 */
export const FIAT_USD_RATES: Readonly<Record<PaymentCurrencyId, number>> = { USD: 1, EUR: 1.08 }

/** The `payment_method_limits` entries of a payment currency, as Web3Modal's PaymentCurrency has them. */
export function paymentMethodLimits(): { id: PaymentMethod; min: string; max: string }[] {
  return PAYMENT_METHODS.map((id) => ({
    id,
    min: PAYMENT_METHOD_LIMITS[id].min.toFixed(2),
    max: PAYMENT_METHOD_LIMITS[id].max.toFixed(2),
  }))
}
