export type DevnetErrorCode =
  | 'DEVNET_INVALID_OPTIONS'
  | 'DEVNET_ANVIL_NOT_FOUND'
  | 'DEVNET_ANVIL_START_FAILED'
  | 'DEVNET_STATE_UNREADABLE'
  | 'DEVNET_SEED_FAILED'
  | 'DEVNET_PORT_IN_USE'

export class DevnetError extends Error {
  override readonly name = 'DevnetError'

  constructor(
    readonly code: DevnetErrorCode,
    message: string,
    readonly hint?: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}
