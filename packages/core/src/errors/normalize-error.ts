import { errorMessages } from '../i18n/messages.js'
import { isCataloguedError } from './error-message.js'
import { PorticoError, type PorticoErrorCode } from './errors.js'
import { InvalidWalletResponseError, UserRejectedRequestError } from './wallet-errors.js'

/** EIP-1193's "user rejected the request". */
const USER_REJECTED_RPC_CODE = 4001

/** The Portico code of each EIP-1193 code a wallet may answer with (spec §8). */
const PROVIDER_CODES: ReadonlyMap<number, PorticoErrorCode> = new Map([
  [USER_REJECTED_RPC_CODE, 'USER_REJECTED'],
  [4100, 'UNAUTHORIZED'],
  [4200, 'UNSUPPORTED_METHOD'],
  [4900, 'DISCONNECTED'],
  [4901, 'CHAIN_DISCONNECTED'],
  [4902, 'UNRECOGNIZED_CHAIN'],
])

/** Reads an EIP-1193 error code from anything a wallet may throw, including wrapped causes. */
export function getProviderErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The Portico code of an EIP-1193 error code, when it is one of the provider codes. */
export const providerErrorCodeOf = (rpcCode: number | undefined): PorticoErrorCode | undefined =>
  rpcCode === undefined ? undefined : PROVIDER_CODES.get(rpcCode)

/**
 * A node's or wallet's refusal of a transaction the account cannot pay for: viem's InsufficientFundsError,
 * or the words nodes and wallets use for it, anywhere in the cause chain.
 */
export function isInsufficientFunds(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const { name, message, details } = current as { name?: unknown; message?: unknown; details?: unknown }
    if (name === 'InsufficientFundsError') return true
    for (const text of [message, details])
      if (typeof text === 'string' && /insufficient funds|exceeds (the )?balance/i.test(text)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Turns whatever a wallet threw into a PorticoError with a stable code. */
export function normalizeError(error: unknown, method: string): PorticoError {
  if (isCataloguedError(error)) return error
  const providerCode = getProviderErrorCode(error)
  if (providerCode !== USER_REJECTED_RPC_CODE && isInsufficientFunds(error)) {
    return new PorticoError('INSUFFICIENT_FUNDS', errorMessages.t('INSUFFICIENT_FUNDS'), { cause: error })
  }
  if (providerCode === USER_REJECTED_RPC_CODE) return new UserRejectedRequestError({ cause: error })
  // A TypeError out of a connector means the wallet's answer had the wrong shape.
  if (error instanceof TypeError) return new InvalidWalletResponseError(method, { cause: error })
  const said =
    (error as { shortMessage?: unknown; message?: unknown } | undefined)?.shortMessage ??
    (error as { message?: unknown } | undefined)?.message
  // What the wallet said is shown as its own words inside the catalogue's WALLET_ERROR text.
  const message = typeof said === 'string' && said ? said : errorMessages.t('UNKNOWN')
  const code = providerErrorCodeOf(providerCode) ?? 'WALLET_ERROR'
  return new PorticoError(code, message, { cause: error, params: { message } })
}
