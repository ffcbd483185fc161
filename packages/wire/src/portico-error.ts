import type { PorticoErrorCode } from './portico-error-code.js'

/** Values the catalogue text of an error fills in: `{wallet}`, `{n}` (seconds, tries left)… */
export type ErrorParams = Readonly<Record<string, string | number>>

/** What a PorticoError carries besides its code and message. */
export interface PorticoErrorOptions {
  /** What a developer can do about it (not shown to visitors). */
  hint?: string | undefined
  /** What went wrong underneath; its `details` or message become this error's `details`. */
  cause?: unknown
  /** More for a developer than the short message says. */
  details?: string | undefined
  params?: ErrorParams | undefined
}

/**
 * The root of every Portico error, in the style of viem's `BaseError`: a stable `code` callers branch on
 * (the modal picks its text by it), a short developer-facing message, `details`, a `hint`, the `cause`
 * and the docs entry of its code. It lives here, in the package every other one depends on, so a
 * server package (siwe, a service) gets it without the modal.
 *
 * `message` stays the short message: visitors never see it (the modal words errors by code), and a
 * composed message would cost the first paint a formatter for no one.
 */
export class PorticoError<TCode extends string = PorticoErrorCode> extends Error {
  override name = 'PorticoError'
  readonly code: TCode
  readonly hint: string | undefined
  readonly params: ErrorParams
  readonly details: string | undefined

  // NoInfer: a code outside the union is a type error, not a new code.
  constructor(code: NoInfer<TCode>, message: string, options: PorticoErrorOptions = {}) {
    const { cause } = options
    super(message, cause === undefined ? undefined : { cause })
    this.code = code
    this.hint = options.hint
    this.params = options.params ?? {}
    this.details =
      options.details ??
      (cause instanceof PorticoError ? cause.details : (cause as Error | undefined)?.message)
  }

  /** The message without details (viem's name for it); the message is short already. */
  get shortMessage(): string {
    return this.message
  }

  /** Where docs/errors.md explains the code and what to do about it. */
  get docsPath(): string {
    return `/docs/errors#${this.code.toLowerCase()}`
  }

  /** The deepest cause, or the first error in the chain (this one included) that `fn` accepts. */
  walk(fn?: (error: unknown) => boolean): unknown {
    let error: unknown = this
    while (!fn?.(error)) {
      const cause = (error as { cause?: unknown } | null)?.cause
      if (cause === undefined) return fn ? null : error
      error = cause
    }
    return error
  }
}
