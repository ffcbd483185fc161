/** What an error answer may say besides its code and message. */
export interface ErrorDetails {
  /** The request parameter at fault, so a client can point at it without parsing the message. */
  parameter?: string
  /** How to fix the request. */
  hint?: string
  /** When to try again (also sent as Retry-After on a 429). */
  retryAfterSeconds?: number
  /** Guesses left before a one-time code locks. */
  attemptsLeft?: number
}

/**
 * The body of every error answer of every Portico service: `{ error: { code, message, ...details } }`.
 * The HTTP status is the response's own; `code` is stable, `message` is for people.
 */
export interface ErrorBody {
  error: { code: string; message: string } & ErrorDetails
}

/** Builds an ErrorBody, leaving out the details that are not given. */
export function errorBody(code: string, message: string, details: ErrorDetails = {}): ErrorBody {
  const given = Object.entries(details).filter(([, value]) => value !== undefined)
  return { error: { code, message, ...Object.fromEntries(given) } }
}

/**
 * An error a service answers with as it is: its status, code, message and details reach the client
 * (other errors are answered generically, see errorResponses). Services subclass it for their own codes.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message)
    this.name = new.target.name
  }
}
