import { frameText } from './frame-strings.js'
import { RpcError } from './json-rpc.js'

/** EIP-1474's "resource unavailable": the dApp (and Portico's swap) tell the visitor the sponsor is down. */
export const SPONSOR_UNAVAILABLE_CODE = -32002

/**
 * The bundler or paymaster did not answer at all: the connection failed (fetch's TypeError) or a proxy
 * in front of it answered 502, 503 or 504. Found anywhere in the error's causes (viem wraps them).
 */
export function isSponsorUnreachable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    if (current instanceof TypeError) return true
    const { message } = current as { message?: unknown }
    if (typeof message === 'string' && /^HTTP status code: 50[234]\b/.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The visitor's words for it, in the frame's locale, with the code the dApp can act on. */
export const sponsorUnavailableError = () =>
  new RpcError(frameText('sponsorUnavailable'), SPONSOR_UNAVAILABLE_CODE)
