import { type ErrorDetails, ServiceError } from '@portico/http-kit'

/**
 * Every error the explorer answers with: a stable code, an HTTP status, a message and maybe a hint, sent
 * as the kit's error body `{ error: { code, message, hint? } }`.
 */
export class ExplorerError extends ServiceError {
  constructor(
    code: string,
    statusCode: number,
    message: string,
    readonly hint?: string,
    details: ErrorDetails = {},
  ) {
    super(code, statusCode, message, hint ? { ...details, hint } : details)
  }
}

export class BadRequestError extends ExplorerError {
  constructor(code: string, message: string, hint?: string) {
    super(code, 400, message, hint)
  }
}

export class NotFoundError extends ExplorerError {
  constructor(message: string) {
    super('NOT_FOUND', 404, message)
  }
}

/** Over a request budget; Retry-After says when to try again. */
export class RateLimitedError extends ExplorerError {
  constructor(scope: 'ip' | 'project', retryAfterSeconds: number) {
    super(
      'RATE_LIMITED',
      429,
      `Rate limit per ${scope === 'ip' ? 'client address' : 'project id'} exceeded, retry in ${retryAfterSeconds} s`,
      undefined,
      { retryAfterSeconds },
    )
  }
}
