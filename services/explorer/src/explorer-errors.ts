/** Every error the explorer answers with: a stable code, an HTTP status, a message and maybe a hint. */
export class ExplorerError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly hint?: string,
  ) {
    super(message)
    this.name = new.target.name
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

export class RateLimitedError extends ExplorerError {
  constructor(scope: 'ip' | 'project', retryAfterSeconds: number) {
    super(
      'RATE_LIMITED',
      429,
      `Rate limit per ${scope === 'ip' ? 'client address' : 'project id'} exceeded, retry in ${retryAfterSeconds} s`,
    )
  }
}

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
}

export const reasonPhrase = (statusCode: number) => REASON_PHRASES[statusCode] ?? 'Error'
