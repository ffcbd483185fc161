import { z } from 'zod'

const hex = (maxBytes: number) =>
  z
    .string()
    .max(2 + 2 * maxBytes)
    .regex(/^0x[0-9a-fA-F]*$/, '0x hex')
    .transform((value) => value as `0x${string}`)
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'a 0x quantity')
  .transform((value) => BigInt(value))
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address')
  .transform((value) => value as `0x${string}`)

/** An EntryPoint v0.7/v0.8 user operation as ERC-7677 carries it (RPC form, fields in hex). */
export const rpcUserOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: address.or(z.literal('0x7702')).nullish(),
  factoryData: hex(64 * 1024).nullish(),
  callData: hex(128 * 1024),
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  signature: hex(4096).optional(),
})

export type RpcUserOperation = z.output<typeof rpcUserOperationSchema>

/** `[userOperation, entryPoint, chainId, context]`, ERC-7677's parameters for both methods. */
export const paymasterParamsSchema = z.tuple([
  rpcUserOperationSchema,
  address,
  quantity.transform((value) => Number(value)),
  z.record(z.string(), z.unknown()).nullish(),
])

export const paymasterRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(100), z.number(), z.null()]).optional(),
  method: z.enum(['pm_getPaymasterStubData', 'pm_getPaymasterData']),
  params: z.unknown(),
})

/** Why a sponsorship was refused: the `data.reason` of the JSON-RPC error. */
export type RefusalReason =
  | 'unknown-project'
  | 'origin-not-allowed'
  | 'chain-not-sponsored'
  | 'entry-point-not-supported'
  | 'daily-operations-spent'
  | 'daily-amount-spent'

export const PAYMASTER_ERRORS = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** The policy does not sponsor this operation (data.reason says why). */
  refused: -32001,
  /** EIP-1474's "limit exceeded": too many requests from this client or project. */
  rateLimited: -32005,
} as const

export function paymasterError(
  id: string | number | null | undefined,
  code: number,
  message: string,
  data?: Record<string, unknown>,
) {
  return { jsonrpc: '2.0' as const, id: id ?? null, error: { code, message, ...(data ? { data } : {}) } }
}
