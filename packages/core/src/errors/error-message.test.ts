import { describe, expect, it } from 'vitest'
import { errorMessages } from '../i18n/messages.js'
import { errorMessage } from './error-message.js'
import { ConnectorAlreadyConnectedError, PorticoError } from './errors.js'
import { normalizeError } from './normalize-error.js'
import { RpcTimeoutError } from './wallet-errors.js'

/** What an EIP-1193 wallet throws: a plain object with a numeric code. */
const walletError = (code: number, message: string) => Object.assign(new Error(message), { code })

describe('normalizeError', () => {
  it.each([
    [4001, 'USER_REJECTED'],
    [4100, 'UNAUTHORIZED'],
    [4200, 'UNSUPPORTED_METHOD'],
    [4900, 'DISCONNECTED'],
    [4901, 'CHAIN_DISCONNECTED'],
    [4902, 'UNRECOGNIZED_CHAIN'],
  ])('gives EIP-1193 code %i the code %s', (rpcCode, code) => {
    expect(normalizeError(walletError(rpcCode, 'whatever'), 'eth_requestAccounts').code).toBe(code)
  })

  it('reads the code of a wrapped cause', () => {
    const wrapped = new Error('outer', { cause: walletError(4001, 'inner') })
    expect(normalizeError(wrapped, 'eth_requestAccounts').code).toBe('USER_REJECTED')
  })

  it("keeps any other failure as WALLET_ERROR with the wallet's own words as a parameter", () => {
    const error = normalizeError(walletError(-32603, 'Test wallet crashed'), 'eth_requestAccounts')
    expect(error.code).toBe('WALLET_ERROR')
    expect(errorMessage(error, { wallet: 'Rabby' })).toBe('Rabby: Test wallet crashed')
  })
})

describe('errorMessage', () => {
  it("fills in the wallet's name", () => {
    expect(errorMessage(new RpcTimeoutError('eth_requestAccounts', 100), { wallet: 'Rabby' })).toBe(
      'Rabby did not respond in time',
    )
  })

  it('shows the catalogue text, not the developer message', () => {
    const error = new ConnectorAlreadyConnectedError('walletConnect')
    expect(error.message).toContain('walletConnect')
    expect(errorMessage(error)).toBe(errorMessages.t('CONNECTOR_ALREADY_CONNECTED'))
  })

  it('picks the plural form that fits the count, and the uncounted text without one', () => {
    const cooldown = (n?: number) =>
      new PorticoError('AUTH_COOLDOWN', 'cooldown', n === undefined ? {} : { params: { n } })
    expect(errorMessage(cooldown(1))).toBe('Please try again after 1 second')
    expect(errorMessage(cooldown(12))).toBe('Please try again after 12 seconds')
    expect(errorMessage(cooldown())).toBe(errorMessages.t('AUTH_COOLDOWN'))
  })

  it('says something went wrong for anything that is not a PorticoError', () => {
    expect(errorMessage(new Error('ECONNRESET at socket.js:12'))).toBe(errorMessages.t('UNKNOWN'))
    expect(errorMessage(undefined)).toBe(errorMessages.t('UNKNOWN'))
  })
})
