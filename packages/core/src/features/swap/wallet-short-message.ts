import { PorticoError } from '../../errors/errors.js'
import { getProviderErrorCode } from '../../errors/normalize-error.js'
import { ProviderErrorCode } from '../../errors/provider-error-code.js'

/** The wallet's short message for a failure, from the error or its causes (viem's `shortMessage`). */
export function walletShortMessage(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const { shortMessage } = current as { shortMessage?: unknown }
    if (typeof shortMessage === 'string' && shortMessage) return shortMessage
    current = (current as { cause?: unknown }).cause
  }
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && message && message.length <= 120 ? message : undefined
}

/** The visitor said no in the wallet (EIP-1193 code 4001, or the kernel's error for it). */
export const isUserRejection = (error: unknown) =>
  (error instanceof PorticoError && error.code === 'USER_REJECTED') ||
  getProviderErrorCode(error) === ProviderErrorCode.UserRejectedRequest
