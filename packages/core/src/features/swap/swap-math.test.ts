import { describe, expect, it } from 'vitest'
import { setLocale } from '../../i18n/locale.js'
import { parseAmount } from '../send/parse-amount.js'
import {
  formatMessageAmount,
  formatTargetAmount,
  gasCostInUsd,
  maxSlippageOf,
  minimumReceivedOf,
  priceImpactOf,
  providerFeeOf,
  rateOf,
} from './swap-math.js'

describe('swap amounts', () => {
  it('reads typed amounts into base units and writes the target amount with 6 decimals at most', () => {
    expect(parseAmount('1.5', 6, 'en-US')).toEqual({ value: 1_500_000n })
    expect(parseAmount('0.1234567', 6, 'en-US')).toEqual({ error: 'tooManyDecimals' })
    expect(formatTargetAmount(329_670_123_456_789n, 18)).toBe('0.000329')
    expect(formatTargetAmount(12_345_678_901n, 6)).toBe('12345.678901')
    expect(formatTargetAmount(5n * 10n ** 18n, 18)).toBe('5')
  })

  it('writes amounts in messages with 3 decimals, and a tiny amount as below 0.001', async () => {
    await setLocale('en-US')
    expect(formatMessageAmount(1_234_567n, 6)).toBe('1.234')
    expect(formatMessageAmount(329_670_123_456_789n, 18)).toBe('<0.001')
    expect(formatMessageAmount(0n, 18)).toBe('0')
    expect(formatMessageAmount(2n * 10n ** 18n, 18)).toBe('2')
  })

  it('takes the 0.85 % provider fee of the amount in, rounded down', () => {
    expect(providerFeeOf(1_000_000n)).toBe(8_500n)
    expect(providerFeeOf(10n ** 18n)).toBe(8_500_000_000_000_000n)
    expect(providerFeeOf(117n)).toBe(0n)
  })

  it('gives the minimum received and the max slippage at 1 %, as the built swap computes them', () => {
    expect(minimumReceivedOf(1_000_000n, 1)).toBe(990_000n)
    expect(maxSlippageOf(1_000_000n, 1)).toBe(10_000n)
    // Rounded down like the server's minimum: the two always add up to the quote.
    expect(minimumReceivedOf(999n, 1) + maxSlippageOf(999n, 1)).toBe(999n)
    expect(minimumReceivedOf(999n, 1)).toBe(989n)
  })

  it('prices the impact against the amount swapped after the provider fee', () => {
    // 1,000 USDC in at 1 USD; 0.3272 ETH out at 3,000 USD: 991.5 USD swapped, 981.6 received.
    const impact = priceImpactOf({
      amountIn: 1_000_000_000n,
      fromDecimals: 6,
      fromPrice: 1,
      amountOut: 327_200_000_000_000_000n,
      toDecimals: 18,
      toPrice: 3000,
    })
    expect(impact).toBeCloseTo(((991.5 - 981.6) / 991.5) * 100, 10)
    expect(
      priceImpactOf({
        amountIn: 1n,
        fromDecimals: 6,
        fromPrice: undefined,
        amountOut: 1n,
        toDecimals: 6,
        toPrice: 1,
      }),
    ).toBeUndefined()
  })

  it('gives the rate of one source token and the network fee in USD', () => {
    expect(rateOf(2_000_000n, 6, 666_000_000_000_000n, 18)).toBeCloseTo(0.000333, 12)
    expect(rateOf(0n, 6, 1n, 18)).toBeUndefined()
    // 150,000 gas at 2 gwei is 0.0003 ETH: 0.90 USD at 3,000 USD.
    expect(gasCostInUsd(150_000n, 2_000_000_000n, 3000)).toBeCloseTo(0.9, 10)
  })
})
