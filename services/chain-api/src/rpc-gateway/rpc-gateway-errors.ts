import { ChainApiError } from '../chain-api-errors.js'

/** Every upstream of the chain failed (refused, 5xx, unreadable) after its retries. */
export class RpcUpstreamFailedError extends ChainApiError {
  constructor(chainId: number, cause: unknown) {
    super('UPSTREAM_UNAVAILABLE', 502, `No JSON-RPC node of eip155:${chainId} answered`)
    this.cause = cause
  }
}

/** The last upstream tried did not answer within the time-out. */
export class RpcUpstreamTimeoutError extends ChainApiError {
  constructor(chainId: number, timeoutMs: number) {
    super(
      'UPSTREAM_TIMEOUT',
      504,
      `The JSON-RPC node of eip155:${chainId} did not answer within ${timeoutMs} ms`,
    )
  }
}
