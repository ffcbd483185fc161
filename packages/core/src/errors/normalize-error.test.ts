import { describe, expect, it } from 'vitest'
import { errorMessage } from './error-message.js'
import { isInsufficientFunds, normalizeError } from './normalize-error.js'

describe('normalizeError', () => {
  it('names a transaction the account cannot pay for, however the node or wallet put it', () => {
    const node = Object.assign(new Error('insufficient funds for gas * price + value'), { code: -32000 })
    const viem = Object.assign(new Error('Transaction failed'), {
      cause: {
        name: 'InsufficientFundsError',
        message: 'The total cost … exceeds the balance of the account.',
      },
    })
    for (const error of [node, viem, { message: 'Insufficient funds for this transaction', code: -32000 }]) {
      const normalized = normalizeError(error, 'eth_sendTransaction')
      expect(normalized.code).toBe('INSUFFICIENT_FUNDS')
      expect(errorMessage(normalized)).toBe('Insufficient funds for this transaction')
    }
  })

  it('keeps a rejection a rejection, and other failures the wallet’s own words', () => {
    expect(normalizeError({ code: 4001, message: 'insufficient funds' }, 'x').code).toBe('USER_REJECTED')
    expect(isInsufficientFunds(new Error('nonce too low'))).toBe(false)
    expect(normalizeError(new Error('nonce too low'), 'x').code).toBe('WALLET_ERROR')
  })
})
