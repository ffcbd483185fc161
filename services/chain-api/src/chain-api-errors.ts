import { ServiceError } from '@portico/http-kit'

/**
 * Every error the chain API answers with: a stable code, an HTTP status, a message and maybe the request
 * parameter at fault. Answered in the kit's one error body (see errorResponses in @portico/http-kit).
 */
export class ChainApiError extends ServiceError {
  constructor(
    code: string,
    statusCode: number,
    message: string,
    /** The request parameter at fault, so a client can point at it without parsing the message. */
    readonly parameter?: string,
  ) {
    super(code, statusCode, message, parameter ? { parameter } : {})
  }
}

export class InvalidParameterError extends ChainApiError {
  constructor(parameter: string, message: string) {
    super('INVALID_PARAMETER', 400, `Invalid ${parameter}: ${message}`, parameter)
  }
}

export class NotFoundError extends ChainApiError {
  constructor(message: string) {
    super('NOT_FOUND', 404, message)
  }
}

/** The chain's JSON-RPC node did not answer (or answered nonsense): not the client's fault. */
export class UpstreamError extends ChainApiError {
  /** `chain`: an EVM chain id or a CAIP-2 id. */
  constructor(chain: number | string, cause: unknown) {
    const id = typeof chain === 'number' ? `eip155:${chain}` : chain
    super('UPSTREAM_UNAVAILABLE', 502, `The node of chain ${id} did not answer`)
    this.cause = cause
  }
}

/** Over a request budget; `retryAfterSeconds` is also sent as the Retry-After header. */
export class RateLimitedError extends ServiceError {
  constructor(
    scope: 'ip' | 'project',
    readonly retryAfterSeconds: number,
  ) {
    super(
      'RATE_LIMITED',
      429,
      `Too many requests from this ${scope === 'ip' ? 'client address' : 'project id'}; retry in ${retryAfterSeconds} s`,
      { retryAfterSeconds },
    )
  }
}

/** A daily cap is reached (the sandbox on-ramp's payouts); retrying soon will not help. */
export class DailyLimitError extends ChainApiError {
  constructor(message: string) {
    super('DAILY_LIMIT_REACHED', 429, message)
  }
}
