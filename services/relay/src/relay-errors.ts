import { PorticoError } from '@portico/wire'
/** JSON-RPC 2.0 error codes the relay answers with. */
export const RPC_PARSE_ERROR = -32700
export const RPC_INVALID_REQUEST = -32600
export const RPC_METHOD_NOT_FOUND = -32601
export const RPC_INVALID_PARAMS = -32602
export const RPC_INTERNAL_ERROR = -32603
/** WalletConnect relay code for a rate limit (error data "TooManyRequests"). */
export const RPC_TOO_MANY_REQUESTS = 3001
/** WalletConnect relay code for a request the relay refuses; the error data names the reason. */
export const RPC_REQUEST_REFUSED = -32000

/** A JSON-RPC error for one request; the socket stays open and keeps serving. */
export class RelayRpcError extends Error {
  constructor(
    readonly rpcCode: number,
    message: string,
    /** WalletConnect's error tag, e.g. "MailboxLimitExceeded", sent as the error's `data`. */
    readonly data?: string,
  ) {
    super(message)
  }
}

/** The `auth` JWT is missing, malformed, forged, expired or meant for another relay. */
export class RelayAuthError extends Error {
  readonly code = 'RELAY_AUTH_FAILED'
}

export class InvalidRelayConfigError extends PorticoError<'RELAY_CONFIG_INVALID'> {
  override name = 'InvalidRelayConfigError'
  constructor(message: string) {
    super('RELAY_CONFIG_INVALID', message)
  }
}
