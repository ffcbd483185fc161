import { BALANCE_DECIMALS } from '../config/constants.js'
import { getLocale } from './locale.js'

// Intl formatters are costly to build and views format on every render: one per locale and style.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = getLocale()
  const key = `n|${locale}|${JSON.stringify(options)}`
  let format = formats.get(key) as Intl.NumberFormat | undefined
  if (!format) {
    format = new Intl.NumberFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = getLocale()
  const key = `d|${locale}|${JSON.stringify(options)}`
  let format = formats.get(key) as Intl.DateTimeFormat | undefined
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/**
 * A token amount given as a decimal string (`"1234.56789"`), in the active locale, with at most
 * `decimals` fraction digits, truncated (never rounding up a balance the visitor does not have),
 * grouped as the locale groups digits (`1,234.5` in en, `1.234,5` in de) so large amounts read at a glance.
 * Fields the visitor types into keep `formatAmountInput` (no grouping).
 */
export function formatAmount(value: string, decimals = BALANCE_DECIMALS): string {
  // Intl reads a numeric string exactly (no float rounding) and truncates with roundingMode.
  return numberFormat({ maximumFractionDigits: decimals, roundingMode: 'trunc' }).format(
    value as Intl.StringNumericLiteral,
  )
}

/** A fiat value, e.g. `$1,234.56` in en-US or `1.234,56 $` in de-DE. */
export function formatCurrency(value: number, currency = 'USD'): string {
  return numberFormat({ style: 'currency', currency, maximumFractionDigits: 2 }).format(value)
}

/** A month and its year (`March 2026`), of a date in UTC. */
export function formatMonth(date: Date | number): string {
  return dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date)
}

/** A time of day (`09:41 AM`), in the visitor's time zone. */
export function formatTime(date: Date | number): string {
  return dateFormat({ hour: '2-digit', minute: '2-digit' }).format(date)
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

/** How long ago (or in how long) `date` is from `now`, in the active locale: `2 min ago`, `vor 2 Min.`. */
export function formatRelativeTime(date: Date | number, now: Date | number = Date.now()): string {
  const locale = getLocale()
  let format = relativeFormats.get(locale)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })
    relativeFormats.set(locale, format)
  }
  const seconds = (Number(date) - Number(now)) / 1000
  const [unit, size] = RELATIVE_UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1]
  return format.format(Math.round(seconds / size), unit)
}
