import {
  getProviderErrorCode,
  InvalidWalletResponseError,
  PorticoError,
  ProviderErrorCode,
  UserRejectedRequestError,
} from './errors.js'
import { t } from './messages.js'

/** Turns whatever a wallet threw into a PorticoError with a stable code. */
export function normalizeError(error: unknown, method: string): PorticoError {
  if (error instanceof PorticoError) return error
  if (getProviderErrorCode(error) === ProviderErrorCode.UserRejectedRequest) {
    return new UserRejectedRequestError({ cause: error })
  }
  // A TypeError out of a connector means the wallet's answer had the wrong shape.
  if (error instanceof TypeError) return new InvalidWalletResponseError(method, { cause: error })
  const message =
    (error as { shortMessage?: unknown; message?: unknown } | undefined)?.shortMessage ??
    (error as { message?: unknown } | undefined)?.message
  return new PorticoError(
    'WALLET_ERROR',
    typeof message === 'string' && message ? message : t('somethingWentWrong'),
    {
      cause: error,
    },
  )
}

/** The toast text for an error, from the message catalogue. */
export function describeError(error: PorticoError, walletName: string): string {
  switch (error.code) {
    case 'USER_REJECTED':
      return t('walletRejected')
    case 'RPC_TIMEOUT':
      return t('walletTimedOut', { wallet: walletName })
    case 'INVALID_WALLET_RESPONSE':
      return t('walletInvalidResponse', { wallet: walletName })
    case 'WALLET_ERROR':
      return t('walletError', { wallet: walletName, message: error.message })
    default:
      return error.message
  }
}
