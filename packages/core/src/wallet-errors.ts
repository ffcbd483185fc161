import { PorticoError } from './errors.js'

// The errors a wallet request ends with. They live apart from PorticoError and ConfigError because
// only the runtime throws them: the first paint, which needs those two, does not carry these.

export class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('CONNECTOR_NOT_FOUND', `Connector "${connectorId}" not found.`, {
      params: { connector: connectorId },
    })
  }
}

export class ProviderNotFoundError extends PorticoError {
  override name = 'ProviderNotFoundError'
  constructor() {
    super('PROVIDER_NOT_FOUND', 'Provider not found.', {
      hint: 'No injected wallet answered: offer WalletConnect or the e-mail wallet instead.',
    })
  }
}

export class ChainNotConfiguredError extends PorticoError {
  override name = 'ChainNotConfiguredError'
  constructor(chainId: number) {
    super('CHAIN_NOT_CONFIGURED', `Chain ${chainId} is not configured.`, {
      hint: 'Add the chain to the `networks` of the config.',
      params: { chainId },
    })
  }
}

export class RpcTimeoutError extends PorticoError {
  override name = 'RpcTimeoutError'
  constructor(method: string, timeoutMs: number) {
    super('RPC_TIMEOUT', `The wallet did not answer ${method} within ${timeoutMs} ms.`, {
      hint: 'Raise `rpcTimeoutMs` in the config if wallets need longer.',
    })
  }
}

export class InvalidWalletResponseError extends PorticoError {
  override name = 'InvalidWalletResponseError'
  constructor(method: string, options: { cause?: unknown } = {}) {
    super('INVALID_WALLET_RESPONSE', `The wallet returned an invalid response to ${method}.`, options)
  }
}
