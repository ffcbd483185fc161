import { afterEach, describe, expect, it } from 'vitest'
import { formatCurrency, formatMonth, formatRelativeTime } from './intl-format.js'
import { setLocale } from './locale.js'

afterEach(() => setLocale('en-US'))

describe('formatting follows the chosen locale', () => {
  it('writes Activity month headings with the locale’s month names', async () => {
    const march = Date.UTC(2026, 2, 15)
    await setLocale('de')
    expect(formatMonth(march)).toBe('März 2026')
    await setLocale('fr')
    expect(formatMonth(march)).toBe('mars 2026')
    await setLocale('ar')
    expect(formatMonth(march)).toMatch(/^مارس/)
    await setLocale('ja')
    expect(formatMonth(march)).toBe('2026年3月')
  })

  it('writes relative times and fiat in the locale', async () => {
    const now = Date.UTC(2026, 2, 15, 12)
    await setLocale('en-US')
    expect(formatRelativeTime(now - 2 * 60_000, now)).toBe('2 min. ago')
    await setLocale('de')
    expect(formatRelativeTime(now - 2 * 60_000, now)).toBe('vor 2 Min.')
    expect(formatRelativeTime(now - 24 * 3600_000, now)).toBe('gestern')
    expect(formatCurrency(1234.5)).toBe('1.234,50\u00a0$')
  })
})
