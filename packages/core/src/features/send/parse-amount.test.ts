import { describe, expect, it } from 'vitest'
import { formatAmountInput, parseAmount } from './parse-amount.js'

const value = (input: string, decimals = 18, locale = 'en-US') => {
  const parsed = parseAmount(input, decimals, locale)
  return 'value' in parsed ? parsed.value : parsed.error
}

describe('parseAmount', () => {
  it('reads whole and fractional amounts into base units of the token', () => {
    expect(value('1')).toBe(10n ** 18n)
    expect(value('0.5')).toBe(5n * 10n ** 17n)
    expect(value('1.000001', 6)).toBe(1_000_001n)
    expect(value('0.00000001', 8)).toBe(1n)
    expect(value('123456789.123456789123456789')).toBe(123456789123456789123456789n)
  })

  it('drops leading zeros, trailing fraction zeros and surrounding spaces', () => {
    expect(value('007', 6)).toBe(7_000_000n)
    expect(value('00.50', 6)).toBe(500_000n)
    expect(value('.5', 6)).toBe(500_000n)
    expect(value('5.', 6)).toBe(5_000_000n)
    expect(value('  2.5  ', 6)).toBe(2_500_000n)
    expect(value('0', 6)).toBe(0n)
    expect(value('000', 6)).toBe(0n)
    expect(value('1.1000000', 6)).toBe(1_100_000n)
  })

  it('refuses more fraction digits than the token has, without rounding', () => {
    expect(value('1.0000001', 6)).toBe('tooManyDecimals')
    expect(value('0.000000001', 8)).toBe('tooManyDecimals')
    expect(value('1.5', 0)).toBe('tooManyDecimals')
    expect(value('1.0', 0)).toBe(1n)
  })

  it('refuses what is not a plain positive amount', () => {
    for (const input of ['-1', '1e18', '0x10', 'abc', '1.2.3,4', '.', ',', '1,2.3,4', '1..2', '+1'])
      expect(value(input), input).toBe('invalid')
    expect(value('')).toBe('empty')
    expect(value('   ')).toBe('empty')
  })

  it("reads the locale's decimal sign, and the other sign where it cannot group thousands", () => {
    expect(value('1,5', 6, 'de-DE')).toBe(1_500_000n)
    expect(value('1.5', 6, 'de-DE')).toBe(1_500_000n)
    expect(value('0,5', 6, 'en-US')).toBe(500_000n)
    expect(value('1,5', 6, 'fr-FR')).toBe(1_500_000n)
    expect(value('2٫5', 6, 'ar-EG')).toBe(2_500_000n)
    expect(value('٢٫٥', 6, 'ar-EG')).toBe(2_500_000n)
  })

  it('reads thousands groups of the locale', () => {
    expect(value('1,000', 6, 'en-US')).toBe(1_000_000_000n)
    expect(value('1,234,567.5', 6, 'en-US')).toBe(1_234_567_500_000n)
    expect(value('1.000', 6, 'de-DE')).toBe(1_000_000_000n)
    expect(value('1.234.567,5', 6, 'de-DE')).toBe(1_234_567_500_000n)
    expect(value('1 234 567,5', 6, 'fr-FR')).toBe(1_234_567_500_000n)
    expect(value('1\u202f234,5', 6, 'fr-FR')).toBe(1_234_500_000n)
    expect(value("1'234.5", 6, 'de-CH')).toBe(1_234_500_000n)
    // A group that is not three digits is no group.
    expect(value('1,23,4', 6, 'en-US')).toBe('invalid')
    expect(value('12,34.5', 6, 'en-US')).toBe('invalid')
  })
})

describe('formatAmountInput', () => {
  it("writes every significant digit with the locale's decimal sign and no grouping", () => {
    expect(formatAmountInput(1_234_567_500_000n, 6, 'en-US')).toBe('1234567.5')
    expect(formatAmountInput(1_234_567_500_000n, 6, 'de-DE')).toBe('1234567,5')
    expect(formatAmountInput(10n ** 18n, 18, 'en-US')).toBe('1')
    expect(formatAmountInput(1n, 18, 'en-US')).toBe('0.000000000000000001')
    expect(formatAmountInput(0n, 6, 'en-US')).toBe('0')
  })

  it('round-trips through parseAmount in every locale, however many digits', () => {
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'de-CH', 'ar-EG', 'hi-IN'])
      for (const amount of [1n, 999_999n, 1_234_567n, 1_234_567_891_234n, 10n ** 24n + 7n]) {
        const parsed = parseAmount(formatAmountInput(amount, 6, locale), 6, locale)
        expect(parsed, `${locale} ${amount}`).toEqual({ value: amount })
      }
  })
})
