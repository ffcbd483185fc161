import { FrameError, type FrameErrorCode, type FrameErrorReason } from '@portico/wire'
import { type ErrorParams, PorticoError, type PorticoErrorCode } from '../errors/errors.js'
import { providerErrorCodeOf } from '../errors/normalize-error.js'
import { StepUpRequiredError, WrongCodeError } from './auth-backend.js'

/** The Portico code for each reason the wallet frame gives (the auth service's codes among them). */
const REASON_CODES: Record<FrameErrorReason, PorticoErrorCode> = {
  BAD_REQUEST: 'AUTH_BAD_REQUEST',
  UNAUTHORIZED: 'AUTH_UNAUTHORIZED',
  COOLDOWN: 'AUTH_COOLDOWN',
  INVALID_OTP: 'AUTH_INVALID_OTP',
  OTP_EXPIRED: 'AUTH_OTP_EXPIRED',
  OTP_LOCKED: 'AUTH_OTP_LOCKED',
  RATE_LIMITED: 'AUTH_RATE_LIMITED',
  NOT_FOUND: 'AUTH_NOT_FOUND',
  CONFLICT: 'AUTH_CONFLICT',
  ORIGIN_NOT_ALLOWED: 'AUTH_ORIGIN_NOT_ALLOWED',
  PROVIDER_ERROR: 'AUTH_PROVIDER_ERROR',
  STEP_UP_REQUIRED: 'AUTH_STEP_UP_REQUIRED',
  SERVICE_UNAVAILABLE: 'AUTH_UNAVAILABLE',
  NOT_ALLOWED: 'ACTION_NOT_ALLOWED',
  ABORTED: 'FRAME_ABORTED',
  SOCIAL_WINDOW_CLOSED: 'AUTH_SOCIAL_WINDOW_CLOSED',
  NOT_CONNECTED: 'AUTH_UNAUTHORIZED',
  LOGIN_TIMED_OUT: 'AUTH_LOGIN_TIMED_OUT',
  PASSKEY_CANCELLED: 'AUTH_PASSKEY_CANCELLED',
  PASSKEY_UNSUPPORTED: 'AUTH_PASSKEY_UNSUPPORTED',
  PASSKEY_UNKNOWN: 'AUTH_PASSKEY_UNKNOWN',
  PASSKEY_OFF: 'AUTH_PASSKEY_OFF',
}

/** The Portico code for a failure of the frame itself (no answer, no frame, a garbled answer). */
const TRANSPORT_CODES: Record<FrameErrorCode, PorticoErrorCode> = {
  FRAME_ERROR: 'FRAME_ERROR',
  FRAME_TIMEOUT: 'FRAME_TIMEOUT',
  FRAME_ABORTED: 'FRAME_ABORTED',
  FRAME_NOT_SET: 'FRAME_UNAVAILABLE',
  FRAME_INVALID_RESPONSE: 'FRAME_UNAVAILABLE',
}

/**
 * A failed frame request as the PorticoError the auth controller shows: the frame's reason (the auth
 * service's error code, passed on by the frame) picks the code, its counts become the text's `{n}`.
 */
export function fromFrameError(error: FrameError): PorticoError {
  const options = { cause: error }
  const { reason, attemptsLeft, retryAfterSeconds } = error
  if (reason === 'STEP_UP_REQUIRED') return new StepUpRequiredError(error.message, options)
  if ((reason === 'INVALID_OTP' || reason === 'OTP_LOCKED') && attemptsLeft !== undefined)
    return new WrongCodeError(error.message, attemptsLeft, options)
  if (reason !== undefined) {
    // Seconds to wait, never shown as 0 while the service still refuses.
    const params: ErrorParams =
      retryAfterSeconds === undefined ? {} : { n: Math.max(1, Math.ceil(retryAfterSeconds)) }
    return new PorticoError(REASON_CODES[reason], error.message, { ...options, params })
  }
  const code = providerErrorCodeOf(error.rpcCode) ?? TRANSPORT_CODES[error.code]
  return new PorticoError(code, error.message, options)
}

/** Rejects with the PorticoError for a frame failure; anything else passes unchanged. */
export const rethrowFrameFailure = (error: unknown): never => {
  throw error instanceof FrameError ? fromFrameError(error) : error
}
