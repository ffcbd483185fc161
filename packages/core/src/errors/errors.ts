/**
 * Every code a Portico error can carry. Callers branch on it; the modal picks its text for it from the
 * message catalogue (`errorMessages`), never from the error's own (developer-facing, English) message.
 */
export type PorticoErrorCode =
  // Using the library
  | 'CONFIG_INVALID'
  | 'RUNTIME_NOT_LOADED'
  | 'ADAPTER_MISSING'
  | 'NOT_CONNECTED'
  | 'CONNECTOR_ALREADY_CONNECTED'
  | 'CONNECTOR_NOT_FOUND'
  | 'PROVIDER_NOT_FOUND'
  | 'CHAIN_NOT_CONFIGURED'
  | 'USER_CANCELLED'
  // A wallet's answer (EIP-1193 codes where the wallet gave one)
  | 'USER_REJECTED'
  | 'UNAUTHORIZED'
  | 'UNSUPPORTED_METHOD'
  | 'DISCONNECTED'
  | 'CHAIN_DISCONNECTED'
  | 'UNRECOGNIZED_CHAIN'
  | 'RPC_TIMEOUT'
  | 'INVALID_WALLET_RESPONSE'
  | 'WALLET_ERROR'
  /** The account cannot pay for the transaction (its value and network fee). */
  | 'INSUFFICIENT_FUNDS'
  // Portico's own HTTP services
  | 'HTTP_ERROR'
  | 'INVALID_RESPONSE'
  // The embedded wallet: the auth service's error codes, as the wallet frame passes them on
  | 'AUTH_LOAD_FAILED'
  | 'AUTH_BAD_REQUEST'
  | 'AUTH_UNAUTHORIZED'
  | 'AUTH_COOLDOWN'
  | 'AUTH_INVALID_OTP'
  | 'AUTH_OTP_EXPIRED'
  | 'AUTH_OTP_LOCKED'
  | 'AUTH_RATE_LIMITED'
  | 'AUTH_NOT_FOUND'
  | 'AUTH_CONFLICT'
  | 'AUTH_ORIGIN_NOT_ALLOWED'
  | 'AUTH_PROVIDER_ERROR'
  | 'AUTH_STEP_UP_REQUIRED'
  | 'AUTH_UNAVAILABLE'
  | 'AUTH_SOCIAL_WINDOW_CLOSED'
  | 'AUTH_LOGIN_TIMED_OUT'
  /** Set-up: the auth service does not let this page's origin embed the wallet frame of the project. */
  | 'FRAME_ORIGIN_NOT_ALLOWED'
  /** Set-up: nothing answers as an auth service at the configured `authUrl`. */
  | 'AUTH_SERVICE_UNREACHABLE'
  /** The visitor closed the passkey sheet or the browser's passkey prompt, or no passkey answered. */
  | 'AUTH_PASSKEY_CANCELLED'
  | 'AUTH_PASSKEY_UNSUPPORTED'
  /** The passkey used belongs to no account of the wallet's auth service. */
  | 'AUTH_PASSKEY_UNKNOWN'
  /** The auth service's operator switched passkey sign-in off. */
  | 'AUTH_PASSKEY_OFF'
  // The wallet frame itself
  | 'FRAME_UNAVAILABLE'
  | 'FRAME_TIMEOUT'
  | 'FRAME_ABORTED'
  | 'FRAME_ERROR'
  | 'ACTION_NOT_ALLOWED'
  | 'UNKNOWN'

/** Values the catalogue text of an error fills in: `{wallet}`, `{n}` (seconds, tries left)… */
export type ErrorParams = Readonly<Record<string, string | number>>

export interface PorticoErrorOptions {
  /** What a developer can do about it (not shown to visitors). */
  hint?: string | undefined
  cause?: unknown
  params?: ErrorParams | undefined
}

/** Every Portico error carries a stable `code`, a short developer-facing message and, where useful, a hint. */
export class PorticoError extends Error {
  override name = 'PorticoError'
  readonly code: PorticoErrorCode
  readonly hint: string | undefined
  readonly params: ErrorParams

  constructor(code: PorticoErrorCode, message: string, options: PorticoErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.hint = options.hint
    this.params = options.params ?? {}
  }
}

/** The config is invalid; `field` names the field (e.g. `networks[1]`) and the message says why. */
export class ConfigError extends PorticoError {
  override name = 'ConfigError'
  readonly field: string
  constructor(field: string, message: string) {
    super('CONFIG_INVALID', `Invalid Portico config: ${field}: ${message}`, {
      hint: 'Check the config passed to <PorticoProvider>.',
    })
    this.field = field
  }
}

/** `connect()` was called for the wallet that is connected already. */
export class ConnectorAlreadyConnectedError extends PorticoError {
  override name = 'ConnectorAlreadyConnectedError'
  constructor(connectorId: string) {
    super('CONNECTOR_ALREADY_CONNECTED', `Connector "${connectorId}" is already connected.`, {
      params: { connector: connectorId },
    })
  }
}

/** The visitor declined in the wallet (EIP-1193 code 4001). */
export class UserRejectedRequestError extends PorticoError {
  override name = 'UserRejectedRequestError'
  constructor(options: { cause?: unknown } = {}) {
    super('USER_REJECTED', 'User rejected the request.', options)
  }
}

/** A Portico service answered with an HTTP error status (`status`). */
export class HttpRequestError extends PorticoError {
  override name = 'HttpRequestError'
  readonly status: number
  constructor(status: number) {
    super('HTTP_ERROR', `HTTP status code: ${status}`)
    this.status = status
  }
}

/** EIP-1193 and JSON-RPC error codes (spec §8). */
export const ProviderErrorCode = {
  UserRejectedRequest: 4001,
  Unauthorized: 4100,
  UnsupportedMethod: 4200,
  Disconnected: 4900,
  ChainDisconnected: 4901,
  UnrecognizedChain: 4902,
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const

/** Reads an EIP-1193 error code from anything a wallet may throw, including wrapped causes. */
export function getProviderErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
