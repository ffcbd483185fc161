/** Every Portico error carries a stable `code` that callers can branch on, and an optional hint. */
export class PorticoError extends Error {
  override name = 'PorticoError'
  readonly code: string
  readonly hint: string | undefined

  constructor(code: string, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.hint = options.hint
  }
}

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

export class ConnectorAlreadyConnectedError extends PorticoError {
  override name = 'ConnectorAlreadyConnectedError'
  constructor(connectorId: string) {
    super('CONNECTOR_ALREADY_CONNECTED', `Connector "${connectorId}" is already connected.`)
  }
}

export class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('CONNECTOR_NOT_FOUND', `Connector "${connectorId}" not found.`)
  }
}

export class ProviderNotFoundError extends PorticoError {
  override name = 'ProviderNotFoundError'
  constructor() {
    super('PROVIDER_NOT_FOUND', 'Provider not found.')
  }
}

export class UserRejectedRequestError extends PorticoError {
  override name = 'UserRejectedRequestError'
  constructor(options: { cause?: unknown } = {}) {
    super('USER_REJECTED', 'User rejected the request.', options)
  }
}

export class ChainNotConfiguredError extends PorticoError {
  override name = 'ChainNotConfiguredError'
  constructor(chainId: number) {
    super('CHAIN_NOT_CONFIGURED', `Chain ${chainId} is not configured.`)
  }
}

export class RpcTimeoutError extends PorticoError {
  override name = 'RpcTimeoutError'
  constructor(method: string, timeoutMs: number) {
    super('RPC_TIMEOUT', `The wallet did not answer ${method} within ${timeoutMs} ms.`)
  }
}

export class InvalidWalletResponseError extends PorticoError {
  override name = 'InvalidWalletResponseError'
  constructor(method: string, options: { cause?: unknown } = {}) {
    super('INVALID_WALLET_RESPONSE', `The wallet returned an invalid response to ${method}.`, options)
  }
}

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
