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

/** An `irn_subscription` push of one message; `dataJson` is its wireMessage as JSON text. */
export function subscriptionFrame(id: number, subscription: string, dataJson: string) {
  return `{"id":${id},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":${JSON.stringify(subscription)},"data":${dataJson}}}`
}
