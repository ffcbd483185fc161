import { ServiceError } from '@portico/http-kit'
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

/** An error the client is told about: answered as the kit's `{ error: { code, message, ...extra } }`. */
export class AuthError extends ServiceError {
  declare readonly code: AuthErrorCode

  constructor(
    code: AuthErrorCode,
    message: string,
    extra: { retryAfterSeconds?: number; attemptsLeft?: number } = {},
  ) {
    super(code, STATUS[code], message, extra)
  }
}
