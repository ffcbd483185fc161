import { badgeSvg } from './svg-badge.js'

/** Fiat currency marks keyed by ISO 4217 code (on-ramp payment currencies). */
const CURRENCIES: Record<string, { background: string; symbol: string }> = {
  USD: { background: '#2E7D32', symbol: '$' },
  EUR: { background: '#1E4FA3', symbol: '€' },
  GBP: { background: '#6A1B9A', symbol: '£' },
  JPY: { background: '#B71C1C', symbol: '¥' },
}

export const currencyImageIds = Object.keys(CURRENCIES)

export function currencyImageSvg(id: string): string | undefined {
  const currency = CURRENCIES[id.toUpperCase()]
  if (!currency) return undefined
  return badgeSvg({ shape: 'circle', background: currency.background, label: currency.symbol })
}
