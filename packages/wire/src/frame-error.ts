import type { FrameErrorPayload, FrameErrorReason } from './frame-messages.js'
import { PorticoError } from './portico-error.js'

export type FrameErrorCode =
  /** The frame answered with an error event. */
  | 'FRAME_ERROR'
  | 'FRAME_TIMEOUT'
  | 'FRAME_ABORTED'
  /** The iframe (dApp side) or the parent (frame side) is missing. */
  | 'FRAME_NOT_SET'
  | 'FRAME_INVALID_RESPONSE'

/** What a frame error carries besides its message (see `frameErrorPayloadSchema`). */
export interface FrameErrorDetails {
  rpcCode?: number | undefined
  reason?: FrameErrorReason | undefined
  attemptsLeft?: number | undefined
  retryAfterSeconds?: number | undefined
}

/**
 * Every failure of a frame request; `message` is what the frame said (for developers), or 'An error
 * occurred'; `reason` is what the dApp tells the visitor by.
 */
export class FrameError extends PorticoError<FrameErrorCode> {
  override name = 'FrameError'
  /** The EIP-1193 code the frame gave (4001: the visitor rejected the request), if any. */
  readonly rpcCode: number | undefined
  /** Why the request failed: the auth service's error code, or one of the frame's own reasons. */
  readonly reason: FrameErrorReason | undefined
  /** After a wrong one-time code: how many more may be tried. */
  readonly attemptsLeft: number | undefined
  /** After a cooldown or rate limit: how long to wait. */
  readonly retryAfterSeconds: number | undefined

  constructor(message: string, code: FrameErrorCode = 'FRAME_ERROR', details: FrameErrorDetails = {}) {
    super(code, message || 'An error occurred')
    this.rpcCode = details.rpcCode
    this.reason = details.reason
    this.attemptsLeft = details.attemptsLeft
    this.retryAfterSeconds = details.retryAfterSeconds
  }
}

/** The frame's error answer as the error the dApp side rejects with. */
export function frameErrorFromPayload(payload: FrameErrorPayload): FrameError {
  const { message, code, ...details } = payload
  return new FrameError(message, 'FRAME_ERROR', { rpcCode: code, ...details })
}

/** The error answer the frame posts for a failure it gives a reason (the auth service's error code, say). */
export function frameErrorPayload(message: string, details: FrameErrorDetails = {}): FrameErrorPayload {
  const payload: FrameErrorPayload = { message }
  if (details.rpcCode !== undefined) payload.code = details.rpcCode
  if (details.reason !== undefined) payload.reason = details.reason
  if (details.attemptsLeft !== undefined) payload.attemptsLeft = details.attemptsLeft
  if (details.retryAfterSeconds !== undefined) payload.retryAfterSeconds = details.retryAfterSeconds
  return payload
}

export const IFRAME_NOT_SET = 'Portico frame: iframe is not set'
export const PARENT_NOT_SET = 'Portico frame: parent is not set'
export const REQUEST_ABORTED = 'Request was aborted'
/** CONNECT_SOCIAL's answer when the visitor closed the provider's window before signing in. */
export const SOCIAL_WINDOW_CLOSED = 'The sign-in window was closed'
/**
 * What a login (or GET_USER) answers when this device must confirm a fresh code before the wallet is
 * recovered on it: the dApp then sends REQUEST_STEP_UP and CONNECT_STEP_UP_OTP.
 */
export const STEP_UP_REQUIRED = 'Confirm the code sent to your e-mail to use your wallet on this device'
