import type { IncomingMessage } from 'node:http'

/**
 * The address a socket's per-address quota counts. Behind a reverse proxy every socket comes from the
 * proxy, so with `trustProxy` the address the proxy added last to X-Forwarded-For is taken (a client can
 * write earlier entries itself, never the proxy's own).
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const peer = request.socket.remoteAddress ?? 'unknown'
  if (!trustProxy) return peer
  const header = request.headers['x-forwarded-for']
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return forwarded.at(-1) ?? peer
}
