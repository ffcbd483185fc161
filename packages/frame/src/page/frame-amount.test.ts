import { afterEach, describe, expect, it } from 'vitest'
import { formatFrameAmount } from './frame-amount.js'
import { setFrameLocale } from './frame-strings.js'

afterEach(() => setFrameLocale('en'))

describe('amounts on the approval sheet', () => {
  it('are grouped and written as the frame’s locale writes numbers', async () => {
    const amount = 1_234_567_890_000_000_000_000n
    expect(formatFrameAmount(amount, 18)).toBe('1,234.56789')
    await setFrameLocale('de')
    expect(formatFrameAmount(amount, 18)).toBe('1.234,56789')
    await setFrameLocale('fa')
    expect(formatFrameAmount(amount, 18)).toBe('۱٬۲۳۴٫۵۶۷۸۹')
  })

  it('show at most 6 decimals, truncated, never rounded up', () => {
    expect(formatFrameAmount(1_999_999_999_000_000_000n, 18)).toBe('1.999999')
    expect(formatFrameAmount(2_500_000n, 6)).toBe('2.5')
    expect(formatFrameAmount(10n ** 9n, 9)).toBe('1')
  })

  it('say that an amount too small to show is more than nothing', async () => {
    expect(formatFrameAmount(0n, 18)).toBe('0')
    expect(formatFrameAmount(1n, 18)).toBe('<0.000001')
    expect(formatFrameAmount(10n ** 12n, 18)).toBe('0.000001')
    await setFrameLocale('de')
    expect(formatFrameAmount(1n, 18)).toBe('<0,000001')
  })
})
