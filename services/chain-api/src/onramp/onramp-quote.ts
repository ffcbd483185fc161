import { randomUUID } from 'node:crypto'
import { formatUnits } from 'viem'
import {
  FIAT_USD_RATES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_LIMITS,
  type PaymentCurrencyId,
  type PaymentMethod,
  PROVIDER_FEE_RATES,
} from './onramp-limits.js'

/** An amount and its currency, as every field of Web3Modal's OnrampQuote. */
export interface QuoteAmount {
  amount: string
  currency: string
}

export interface OnrampQuote {
  paymentTotal: QuoteAmount
  paymentSubtotal: QuoteAmount
  purchaseAmount: QuoteAmount
  coinbaseFee: QuoteAmount
  networkFee: QuoteAmount
  quoteId: string
}

export interface QuoteInput {
  /** What the visitor pays in total, fees included, in `paymentCurrency`. */
  amount: number
  paymentCurrency: PaymentCurrencyId
  paymentMethod: PaymentMethod
  asset: { symbol: string; decimals: number }
  /** USD per unit of the asset. */
  assetPriceUsd: number
  /** What delivering the asset costs on its chain, in USD. */
  networkFeeUsd: number
}

/** Gas a delivery takes: a plain value transfer, or an ERC-20 transfer (rounded up). */
export const DELIVERY_GAS = { native: 21_000n, token: 65_000n } as const

/** Most decimals a purchase amount is quoted with: enough for any asset, short enough to read. */
const MAX_PURCHASE_DECIMALS = 8

export class OnrampLimitError extends Error {
  constructor(
    readonly min: number,
    readonly max: number,
    readonly currency: string,
    readonly method: PaymentMethod,
  ) {
    super(
      `amount must be between ${min} and ${max.toLocaleString('en-US')} ${currency} when paying by ${PAYMENT_METHOD_LABELS[method]}`,
    )
  }
}

export class OnrampAmountTooSmallError extends Error {}

const cents = (value: number) => Math.round(value * 100) / 100

/** Throws OnrampLimitError unless `amount` is within the payment method's limits (spec §9). */
export function assertWithinLimits(amount: number, currency: string, method: PaymentMethod) {
  const { min, max } = PAYMENT_METHOD_LIMITS[method]
  if (!(amount >= min && amount <= max)) throw new OnrampLimitError(min, max, currency, method)
}

/**
 * Prices a purchase: the provider's fee (its rate for the method) and the delivery's network fee come out of
 * the amount paid, and the rest buys the asset at its current price, rounded down.
 */
export function quotePurchase(input: QuoteInput): OnrampQuote {
  const { amount, paymentCurrency, paymentMethod, asset } = input
  assertWithinLimits(amount, paymentCurrency, paymentMethod)
  const usdPerUnit = FIAT_USD_RATES[paymentCurrency]
  const fee = cents(amount * PROVIDER_FEE_RATES[paymentMethod])
  // At least a cent: the visitor sees the network is paid for.
  const networkFee = Math.max(0.01, Math.ceil((input.networkFeeUsd / usdPerUnit) * 100) / 100)
  const subtotal = cents(amount - fee - networkFee)
  if (subtotal <= 0 || !(input.assetPriceUsd > 0)) throw new OnrampAmountTooSmallError('nothing left to buy')
  const decimals = Math.min(asset.decimals, MAX_PURCHASE_DECIMALS)
  const units = BigInt(Math.floor(((subtotal * usdPerUnit) / input.assetPriceUsd) * 10 ** decimals))
  const fiat = (value: number): QuoteAmount => ({ amount: value.toFixed(2), currency: paymentCurrency })
  return {
    paymentTotal: fiat(amount),
    paymentSubtotal: fiat(subtotal),
    purchaseAmount: { amount: formatUnits(units, decimals), currency: asset.symbol },
    coinbaseFee: fiat(fee),
    networkFee: fiat(networkFee),
    quoteId: randomUUID(),
  }
}
