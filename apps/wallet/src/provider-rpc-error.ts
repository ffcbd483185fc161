/** EIP-1193 / EIP-1474 error codes the test wallet produces. */
export const ProviderErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  unrecognizedChain: 4902,
  /** EIP-5792: a capability the dApp did not mark optional, the wallet lacks. */
  unsupportedCapability: 5700,
  /** EIP-5792: the wallet does not serve the batch's chain. */
  unsupportedChain: 5710,
  /** EIP-5792: a batch id the dApp chose was used before. */
  duplicateId: 5720,
  /** EIP-5792: no batch has this id. */
  unknownBundle: 5730,
  /** EIP-5792: the dApp required atomic execution and the wallet cannot give it. */
  atomicityNotSupported: 5760,
  invalidRequest: -32600,
  invalidParams: -32602,
  internal: -32603,
} as const

/**
 * The error object an EIP-1193 provider rejects with. It is a real Error (so stack traces survive) that also
 * carries the numeric `code` (and optional `data`) dApps and viem switch on.
 */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export function userRejectedError(): ProviderRpcError {
  return new ProviderRpcError(ProviderErrorCode.userRejected, 'User rejected the request.')
}

export function unauthorizedError(
  detail = 'The requested account and/or method has not been authorized by the user.',
) {
  return new ProviderRpcError(ProviderErrorCode.unauthorized, detail)
}

export function unsupportedMethodError(method: string): ProviderRpcError {
  return new ProviderRpcError(
    ProviderErrorCode.unsupportedMethod,
    `The Portico Test Wallet does not support the requested method: ${method}`,
  )
}

export function invalidParamsError(detail: string): ProviderRpcError {
  return new ProviderRpcError(ProviderErrorCode.invalidParams, `Invalid params: ${detail}`)
}
