import { BALANCE_DECIMALS } from '../config/constants.js'

/** `0x1234…abcd`: enough of both ends to compare with what the wallet shows. */
export function shortenAddress(address: string, chars = 4): string {
  if (address.length <= chars * 2 + 2) return address
  return `${address.slice(0, chars + 2)}…${address.slice(-chars)}`
}

/**
 * Formats an integer amount in base units with at most `decimals` fraction digits,
 * truncating (never rounding up a balance the visitor does not have).
 */
export function formatUnitsTruncated(
  value: bigint,
  unitDecimals: number,
  decimals = BALANCE_DECIMALS,
): string {
  const negative = value < 0n
  const absolute = negative ? -value : value
  const base = 10n ** BigInt(unitDecimals)
  const whole = absolute / base
  let fraction = (absolute % base).toString().padStart(unitDecimals, '0').slice(0, decimals)
  fraction = fraction.replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole.toString()
  return negative ? `-${text}` : text
}

/** Truncates a decimal string such as `"1234.56789"` to `decimals` fraction digits (`"1234.567"`). */
export function truncateDecimalString(value: string, decimals = BALANCE_DECIMALS): string {
  const [whole = '0', fraction = ''] = value.split('.')
  const kept = fraction.slice(0, decimals).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}
