import { z } from 'zod'

/**
 * The ERC-4337 methods the front passes to alto (EIP-7769's bundler RPC, plus the gas price a wallet asks
 * before it builds an operation). alto's debug and pimlico_send* methods stay private.
 */
export const BUNDLER_METHODS = [
  'eth_chainId',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_sendUserOperation',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'pimlico_getUserOperationGasPrice',
  'pimlico_getUserOperationStatus',
] as const

const requestId = z.union([z.string().max(100), z.number(), z.null()])

export const bundlerRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: requestId.optional(),
  method: z.string().max(100),
  params: z.array(z.unknown()).max(4).optional(),
})

export type BundlerRequest = z.output<typeof bundlerRequestSchema>

/** JSON-RPC 2.0 error codes the front answers with (EIP-1474's where they fit). */
export const RPC_ERRORS = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  /** EIP-1474 "resource unavailable": this chain's bundler is down or has no such chain. */
  unavailable: -32002,
} as const

export function rpcError(id: BundlerRequest['id'] | undefined, code: number, message: string) {
  return { jsonrpc: '2.0' as const, id: id ?? null, error: { code, message } }
}

export function isBundlerMethod(method: string): boolean {
  return (BUNDLER_METHODS as readonly string[]).includes(method)
}
