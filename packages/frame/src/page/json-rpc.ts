import type { FetchLike } from './auth-client.js'
import { FramePageError } from './frame-page-error.js'

/** An error with its EIP-1193 / JSON-RPC code (`rpcCode`), answered to the dApp as it is. */
export class RpcError extends FramePageError {
  override name = 'RpcError'
  readonly rpcCode: number
  constructor(message: string, rpcCode = -32603) {
    super('RPC_ERROR', message)
    this.rpcCode = rpcCode
  }
}

let rpcId = 0

/** One JSON-RPC call over HTTP with the injected fetch. */
export async function jsonRpc(
  fetch: FetchLike,
  url: string,
  method: string,
  params: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  rpcId += 1
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId, method, params: params ?? [] }),
  }
  if (signal) init.signal = signal
  const response = await fetch(url, init)
  if (!response.ok) throw new RpcError(`HTTP status code: ${response.status}`)
  const body = (await response.json()) as { result?: unknown; error?: { message?: unknown; code?: unknown } }
  if (body.error) {
    const message = typeof body.error.message === 'string' ? body.error.message : 'RPC error'
    throw new RpcError(message, typeof body.error.code === 'number' ? body.error.code : -32603)
  }
  return body.result
}
