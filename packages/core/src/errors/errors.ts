import { PorticoError } from '@portico/wire'

// The root lives in @portico/wire, which siwe, the frame and the services share without the modal.
export {
  type ErrorParams,
  PorticoError,
  type PorticoErrorCode,
  type PorticoErrorOptions,
} from '@portico/wire'

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
