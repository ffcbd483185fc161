import { formatUnits } from 'viem'
import { frameLocale } from './frame-strings.js'

/** Fees and amounts show at most this many decimals: enough to read, short enough to fit. */
const SHOWN_DECIMALS = 6

const formats = new Map<string, Intl.NumberFormat>()

function amountFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: SHOWN_DECIMALS, roundingMode: 'trunc' })
    formats.set(locale, format)
  }
  return format
}

/**
 * An amount in base units (`decimals` of them to one token) as the frame's locale writes numbers:
 * grouped, with at most 6 decimals, truncated (Intl reads the decimal string exactly, no float rounding).
 * A non-zero amount too small to show says so (`<0.000001`) rather than reading as nothing.
 */
export function formatFrameAmount(value: bigint, decimals: number): string {
  const format = amountFormat(frameLocale())
  if (value > 0n && decimals > SHOWN_DECIMALS && value < 10n ** BigInt(decimals - SHOWN_DECIMALS)) {
    return `<${format.format(`0.${'0'.repeat(SHOWN_DECIMALS - 1)}1` as Intl.StringNumericLiteral)}`
  }
  return format.format(formatUnits(value, decimals) as Intl.StringNumericLiteral)
}
