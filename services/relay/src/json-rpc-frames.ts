/**
 * Builds outgoing JSON-RPC frames around a raw id: the id is spliced in as the exact text the client
 * sent, never re-serialised, so ids beyond 2^53 and string ids survive unchanged.
 */
export function resultFrame(rawId: string, result: unknown) {
  return `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

export function errorFrame(rawId: string | null, code: number, message: string, data?: string) {
  const error = data === undefined ? { code, message } : { code, message, data }
  return `{"id":${rawId ?? 'null'},"jsonrpc":"2.0","error":${JSON.stringify(error)}}`
}

export function requestFrame(id: number, method: string, params: unknown) {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params })
}
