import { formatAmount, formatCurrency, formatUnitsTruncated, getLocale } from '@portico/core'
import { usdValueOf } from '@portico/core/internal'

/** A token amount in base units for reading: the active locale, at most `decimals` fraction digits. */
export const formatTokenAmount = (value: bigint, unitDecimals: number, decimals = 6): string =>
  formatAmount(formatUnitsTruncated(value, unitDecimals, unitDecimals), decimals)

/** The USD value of an amount in base units, when the price is known. */
export const formatUsd = (
  value: bigint,
  unitDecimals: number,
  price: number | undefined,
): string | undefined =>
  price === undefined ? undefined : formatCurrency(usdValueOf(value, unitDecimals, price))

/** A fee in USD: cents at least, so a tiny fee reads `<$0.01` rather than $0.00. */
export const formatFeeUsd = (usd: number): string =>
  usd > 0 && usd < 0.01 ? `<${formatCurrency(0.01)}` : formatCurrency(usd)

/** A percentage such as `0.85 %`, in the active locale. */
export const formatPercent = (percent: number, maximumFractionDigits = 2): string =>
  new Intl.NumberFormat(getLocale(), { style: 'percent', maximumFractionDigits }).format(percent / 100)

/** A rate with 6 significant digits at most (`2,975.43`, `0.000336`). */
export const formatRate = (rate: number): string =>
  new Intl.NumberFormat(getLocale(), { maximumSignificantDigits: 6 }).format(rate)
