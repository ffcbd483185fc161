import { formatAmount, formatCurrency, formatUnitsTruncated } from '@portico/core'

/** A token amount in base units for reading: the active locale, at most `decimals` fraction digits. */
export function formatTokenAmount(value: bigint, unitDecimals: number, decimals = 6): string {
  return formatAmount(formatUnitsTruncated(value, unitDecimals, unitDecimals), decimals)
}

/** The USD value of an amount in base units, when the price is known. */
export function usdValue(value: bigint, unitDecimals: number, price: number | undefined): string | undefined {
  if (price === undefined) return undefined
  return formatCurrency(Number(formatUnitsTruncated(value, unitDecimals, unitDecimals)) * price)
}
