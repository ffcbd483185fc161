import { z } from 'zod'
import { InvalidParameterError } from '../chain-api-errors.js'

/** Most calls one batch may carry; a larger one is refused whole (clients split theirs long before). */
export const MAX_BATCH_SIZE = 100

const jsonRpcIdSchema = z.union([z.string().max(256), z.number().finite(), z.null()], {
  error: 'expected a string, a number or null',
})

/**
 * One JSON-RPC 2.0 call. `id` is required: a notification (no id) has no answer to forward, and every
 * Ethereum client sends one.
 */
export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0', { error: 'expected "2.0"' }),
  id: jsonRpcIdSchema,
  method: z
    .string({ error: 'expected a method name' })
    .min(1, 'expected a method name')
    .max(128, 'longer than 128 characters')
    .regex(/^\w+$/, 'expected letters, digits and "_"'),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})

export type JsonRpcRequest = z.output<typeof jsonRpcRequestSchema>
export type JsonRpcId = JsonRpcRequest['id']

export interface JsonRpcError {
  code: number
  message: string
  data?: unknown
}

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcError }

/** What a POST carried: one call, or a batch (answered as an array, in the same order). */
export interface JsonRpcBody {
  batch: boolean
  requests: readonly JsonRpcRequest[]
}

const batchSchema = z
  .array(jsonRpcRequestSchema)
  .min(1, 'an empty batch')
  .max(MAX_BATCH_SIZE, `more than ${MAX_BATCH_SIZE} calls in one batch`)

/**
 * Validates a JSON-RPC body: already parsed (application/json) or a string (text/plain, as Web3Modal's
 * and viem's browser clients may send). The first problem becomes a 400 naming its place, e.g. `body[2].method`.
 */
export function parseJsonRpcBody(raw: unknown): JsonRpcBody {
  let body = raw
  if (typeof raw === 'string') {
    try {
      body = JSON.parse(raw)
    } catch {
      throw new InvalidParameterError('body', 'not valid JSON')
    }
  }
  if (body === undefined || body === null || typeof body !== 'object') {
    throw new InvalidParameterError('body', 'expected a JSON-RPC request object or a batch (array)')
  }
  const batch = Array.isArray(body)
  const parsed = batch ? batchSchema.safeParse(body) : jsonRpcRequestSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const place = (issue?.path ?? []).reduce<string>(
      (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
      'body',
    )
    throw new InvalidParameterError(place, issue?.message ?? 'invalid')
  }
  const requests = parsed.data as JsonRpcRequest | JsonRpcRequest[]
  return { batch, requests: Array.isArray(requests) ? requests : [requests] }
}

export const rpcError = (id: JsonRpcId, error: JsonRpcError): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error,
})
export const rpcResult = (id: JsonRpcId, result: unknown): JsonRpcResponse => ({ jsonrpc: '2.0', id, result })
