import { describe, expect, it } from 'vitest'
import { formatUnitsTruncated, shortenAddress } from '../format/format.js'
import { t } from '../i18n/messages.js'
import {
  chainIdToCoinType,
  getResponseType,
  isEvmAddress,
  isRegistrationName,
  isSolanaAddress,
  isTransactionHash,
} from './validation.js'

describe('validation', () => {
  it('accepts EVM addresses of 40 hex characters with an optional 0x', () => {
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isEvmAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBe(false)
    expect(isEvmAddress('0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  })

  it('accepts Solana addresses of 32 to 44 base58 characters', () => {
    expect(isSolanaAddress('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true)
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
    expect(isSolanaAddress('0OIl5eykt4UsFv8P8NJdTREpY1vzqKqZ')).toBe(false)
    expect(isSolanaAddress('short')).toBe(false)
  })

  it('accepts transaction hashes of exactly 64 hex characters', () => {
    expect(isTransactionHash(`0x${'a'.repeat(64)}`)).toBe(true)
    expect(isTransactionHash(`0x${'a'.repeat(63)}`)).toBe(false)
    expect(isTransactionHash(`0x${'a'.repeat(65)}`)).toBe(false)
    expect(getResponseType(`0x${'b'.repeat(130)}`)).toBe('transaction')
    expect(getResponseType({ hash: '0x1' })).toBe('object')
  })

  it('accepts registration names of letters, digits and hyphens, at least 4 long', () => {
    expect(isRegistrationName('alice-42')).toBe(true)
    expect(isRegistrationName('abc')).toBe(false)
    expect(isRegistrationName('al ice')).toBe(false)
    expect(isRegistrationName('alice.eth')).toBe(false)
  })

  it('converts chain ids to coin types and rejects ids at or above 2^31', () => {
    expect(chainIdToCoinType(1)).toBe(2147483649)
    expect(chainIdToCoinType(10)).toBe(2147483658)
    expect(() => chainIdToCoinType(2 ** 31)).toThrow('Invalid chainId')
  })
})

describe('formatting', () => {
  it('shortens addresses and truncates balances to 3 decimals', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(formatUnitsTruncated(10_000n * 10n ** 18n, 18)).toBe('10000')
    expect(formatUnitsTruncated(1_234_567_890_000_000_000n, 18)).toBe('1.234')
    expect(formatUnitsTruncated(999n, 18)).toBe('0')
    expect(formatUnitsTruncated(1_500_000n, 6)).toBe('1.5')
  })

  it('fills catalogue placeholders', () => {
    expect(t('continueInWallet', { wallet: 'Rabby' })).toBe('Continue in Rabby')
    expect(t('networkSwitched')).toBe('Switched to {network}')
  })
})
