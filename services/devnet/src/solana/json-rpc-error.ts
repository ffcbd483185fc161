/**
 * JSON-RPC error codes a Solana RPC node answers with: the standard ones and the node's own (the -320xx
 * range), which clients branch on (web3.js turns -32002 into SendTransactionError, kit into typed errors).
 */
export const RPC_ERROR = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** Preflight simulation of sendTransaction failed; data: { err, logs, accounts, unitsConsumed }. */
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  /** getBlock of a slot not (yet) at the asked commitment. */
  BLOCK_NOT_AVAILABLE: -32004,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
  MIN_CONTEXT_SLOT_NOT_REACHED: -32016,
} as const

export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError'

  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export const invalidParams = (message: string) =>
  new JsonRpcError(RPC_ERROR.INVALID_PARAMS, `Invalid params: ${message}`)
