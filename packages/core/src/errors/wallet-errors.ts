import { PorticoError } from './errors.js'

// The errors a wallet or a service request ends with. They live apart from errors.ts because only the
// runtime throws them: the first paint, which carries errors.ts, does not carry these.

/** `connect()` named a connector no adapter lists. */
export class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('CONNECTOR_NOT_FOUND', `Connector "${connectorId}" not found.`, {
      params: { connector: connectorId },
    })
  }
}

/** No wallet provider answered (no injected wallet on the page, say). */
export class ProviderNotFoundError extends PorticoError {
  override name = 'ProviderNotFoundError'
  constructor() {
    super('PROVIDER_NOT_FOUND', 'Provider not found.', {
      hint: 'No injected wallet answered: offer WalletConnect or the e-mail wallet instead.',
    })
  }
}

/** A chain outside the config's `networks` was asked for. */
export class ChainNotConfiguredError extends PorticoError {
  override name = 'ChainNotConfiguredError'
  constructor(chainId: number) {
    super('CHAIN_NOT_CONFIGURED', `Chain ${chainId} is not configured.`, {
      hint: 'Add the chain to the `networks` of the config.',
      params: { chainId },
    })
  }
}

/** The wallet did not answer within `rpcTimeoutMs`. */
export class RpcTimeoutError extends PorticoError {
  override name = 'RpcTimeoutError'
  constructor(method: string, timeoutMs: number) {
    super('RPC_TIMEOUT', `The wallet did not answer ${method} within ${timeoutMs} ms.`, {
      hint: 'Raise `rpcTimeoutMs` in the config if wallets need longer.',
    })
  }
}

/** The wallet answered with something other than what the request expects. */
export class InvalidWalletResponseError extends PorticoError {
  override name = 'InvalidWalletResponseError'
  constructor(method: string, options: { cause?: unknown } = {}) {
    super('INVALID_WALLET_RESPONSE', `The wallet returned an invalid response to ${method}.`, options)
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
