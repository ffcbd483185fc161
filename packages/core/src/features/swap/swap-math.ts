import { formatUnitsTruncated } from '../../format/format.js'
import { formatAmount } from '../../i18n/intl-format.js'
import { SWAP_MESSAGE_DECIMALS, SWAP_PROVIDER_FEE_RATE, SWAP_TARGET_DECIMALS } from './swap-constants.js'

/** Swap arithmetic on base units (bigint), so amounts stay exact; USD values are display numbers. */

const MILLIONTHS = 1_000_000n
const FEE_MILLIONTHS = BigInt(Math.round(SWAP_PROVIDER_FEE_RATE * 1_000_000))

/** What the provider keeps of `amountIn` (rounded down, as the fee router does). */
export const providerFeeOf = (amountIn: bigint): bigint => (amountIn * FEE_MILLIONTHS) / MILLIONTHS

const basisPoints = (percent: number) => BigInt(Math.round(percent * 100))

/** The least the visitor receives for a quote of `toAmount` at `slippagePercent` (the built swap's minimum). */
export const minimumReceivedOf = (toAmount: bigint, slippagePercent: number): bigint =>
  (toAmount * (10_000n - basisPoints(slippagePercent))) / 10_000n

/** How much less than the quote the swap may give: the quote less its minimum. */
export const maxSlippageOf = (toAmount: bigint, slippagePercent: number): bigint =>
  toAmount - minimumReceivedOf(toAmount, slippagePercent)

/** Base units as a number of whole tokens (for USD values and ratios, never for amounts sent). */
export const toWhole = (value: bigint, decimals: number): number =>
  Number(formatUnitsTruncated(value, decimals, decimals))

/** The USD value of `value` base units at `price` USD per whole token. */
export const usdValueOf = (value: bigint, decimals: number, price: number): number =>
  toWhole(value, decimals) * price

/** What `gas` at `gasPrice` costs in USD, at `nativePrice` per whole native token (18 decimals). */
export const gasCostInUsd = (
  gas: bigint,
  gasPrice: bigint,
  nativePrice: number,
  nativeDecimals = 18,
): number => usdValueOf(gas * gasPrice, nativeDecimals, nativePrice)

/**
 * How much value the pools' move costs, in percent of what goes in: the USD value swapped (after the
 * provider fee, shown on its own line) against the USD value received, both at the pools' current prices.
 * Undefined without both prices.
 */
export function priceImpactOf(input: {
  amountIn: bigint
  fromDecimals: number
  fromPrice: number | undefined
  amountOut: bigint
  toDecimals: number
  toPrice: number | undefined
}): number | undefined {
  const { fromPrice, toPrice } = input
  if (!fromPrice || !toPrice || input.amountIn <= 0n) return undefined
  const swapped = usdValueOf(input.amountIn - providerFeeOf(input.amountIn), input.fromDecimals, fromPrice)
  const received = usdValueOf(input.amountOut, input.toDecimals, toPrice)
  if (swapped <= 0) return undefined
  return ((swapped - received) / swapped) * 100
}

/** How many target tokens one source token buys at this quote. */
export const rateOf = (
  fromAmount: bigint,
  fromDecimals: number,
  toAmount: bigint,
  toDecimals: number,
): number | undefined => {
  const from = toWhole(fromAmount, fromDecimals)
  return from > 0 ? toWhole(toAmount, toDecimals) / from : undefined
}

/** The target amount in the form: at most 6 fraction digits, truncated, plain digits with `.`. */
export const formatTargetAmount = (value: bigint, decimals: number): string =>
  formatUnitsTruncated(value, decimals, SWAP_TARGET_DECIMALS)

/**
 * An amount in a message ('Swapping 1.5 USDC to 0.0005 ETH'): at most 3 fraction digits in the active
 * locale; a positive amount too small for them reads `<0.001` rather than a misleading 0.
 */
export function formatMessageAmount(value: bigint, decimals: number): string {
  const text = formatUnitsTruncated(value, decimals, SWAP_MESSAGE_DECIMALS)
  if (value > 0n && /^0(\.0*)?$/.test(text))
    return `<${formatAmount(`0.${'0'.repeat(SWAP_MESSAGE_DECIMALS - 1)}1`)}`
  return formatAmount(text, SWAP_MESSAGE_DECIMALS)
}
