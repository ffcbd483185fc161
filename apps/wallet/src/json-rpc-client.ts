import { ProviderErrorCode, ProviderRpcError } from './provider-rpc-error.js'

interface JsonRpcResponse {
  result?: unknown
  error?: { code?: unknown; message?: unknown; data?: unknown }
}

let nextId = 1

/**
 * Sends one JSON-RPC call over HTTP. Node errors come back as ProviderRpcError with the node's own code, so a
 * revert (code 3) or a nonce error reaches the dApp exactly as a real wallet would pass it on.
 */
export async function callJsonRpc(
  url: string,
  method: string,
  params: readonly unknown[] = [],
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    })
  } catch (error) {
    throw new ProviderRpcError(
      ProviderErrorCode.internal,
      `The RPC endpoint ${url} is unreachable: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const text = await response.text()
  let body: JsonRpcResponse
  try {
    body = JSON.parse(text) as JsonRpcResponse
  } catch {
    throw new ProviderRpcError(
      ProviderErrorCode.internal,
      `The RPC endpoint ${url} answered ${response.status} without JSON: ${text.slice(0, 200)}`,
    )
  }
  if (body.error) {
    const code = typeof body.error.code === 'number' ? body.error.code : ProviderErrorCode.internal
    const message = typeof body.error.message === 'string' ? body.error.message : 'RPC error'
    throw new ProviderRpcError(code, message, body.error.data)
  }
  if (!response.ok) {
    throw new ProviderRpcError(
      ProviderErrorCode.internal,
      `The RPC endpoint ${url} answered ${response.status}`,
    )
  }
  return body.result ?? null
}
