import type { AuthErrorCode } from '@portico/wire'

const STATUS: Record<AuthErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  COOLDOWN: 429,
  INVALID_OTP: 400,
  OTP_EXPIRED: 400,
  OTP_LOCKED: 400,
  RATE_LIMITED: 429,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ORIGIN_NOT_ALLOWED: 403,
  PROVIDER_ERROR: 502,
  STEP_UP_REQUIRED: 403,
}

/** An error the client is told about: answered as `{ error: { code, message, ...extra } }`. */
export class AuthError extends Error {
  readonly code: AuthErrorCode
  readonly statusCode: number
  readonly extra: { retryAfterSeconds?: number; attemptsLeft?: number }

  constructor(code: AuthErrorCode, message: string, extra: AuthError['extra'] = {}) {
    super(message)
    this.code = code
    this.statusCode = STATUS[code]
    this.extra = extra
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...this.extra } }
  }
}
