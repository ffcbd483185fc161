/** Every error the chain API answers with: a stable code, an HTTP status, a message and maybe a parameter. */
export class ChainApiError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    /** The request parameter at fault, so a client can point at it without parsing the message. */
    readonly parameter?: string,
  ) {
    super(message)
    this.name = new.target.name
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
  constructor(chainId: number, cause: unknown) {
    super('UPSTREAM_UNAVAILABLE', 502, `The node of chain eip155:${chainId} did not answer`)
    this.cause = cause
  }
}

/** Over a request budget; `retryAfterSeconds` is also sent as the Retry-After header. */
export class RateLimitedError extends ChainApiError {
  constructor(
    scope: 'ip' | 'project',
    readonly retryAfterSeconds: number,
  ) {
    super(
      'RATE_LIMITED',
      429,
      `Too many requests from this ${scope === 'ip' ? 'client address' : 'project id'}; retry in ${retryAfterSeconds} s`,
    )
  }
}

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
}

export const reasonPhrase = (statusCode: number) => REASON_PHRASES[statusCode] ?? 'Error'
