import { MAX_PROVIDER_FEE_RATE } from './onramp-defaults.js'
import type { OnrampQuote } from './onramp-schemas.js'

/**
 * What the Buy view shows when the quote call fails (spec §8): the provider's highest fee taken out, no
 * network fee known, and the asset at the price the wallet's balances were last valued at (none when
 * that is unknown). The view labels it as an estimate.
 */
export function estimateQuote(input: {
  amount: string
  paymentCurrency: string
  asset: string
  /** Price of the asset in the payment currency, when known. */
  price: number | undefined
}): OnrampQuote {
  const amount = Number(input.amount)
  const fee = Math.ceil(amount * MAX_PROVIDER_FEE_RATE * 100) / 100
  const subtotal = Math.max(0, amount - fee)
  const fiat = (value: number) => ({ amount: value.toFixed(2), currency: input.paymentCurrency })
  const purchase =
    input.price && input.price > 0 ? (subtotal / input.price).toFixed(6).replace(/\.?0+$/, '') : ''
  return {
    paymentTotal: fiat(amount),
    paymentSubtotal: fiat(subtotal),
    purchaseAmount: { amount: purchase, currency: input.asset },
    coinbaseFee: fiat(fee),
    networkFee: fiat(0),
    quoteId: 'estimated',
  }
}
