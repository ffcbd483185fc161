import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { errorBody } from '@portico/http-kit'

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
}
const REFUSAL_CODE: Record<number, string> = { 401: 'UNAUTHORIZED', 429: 'RATE_LIMITED', 503: 'UNAVAILABLE' }

/** What the relay answers over plain HTTP (tests and the fuzzer enumerate this list). */
export const RELAY_HTTP_ROUTES = [
  { method: 'GET', url: '/health' },
  // Anything else, whatever the method: 426, open a WebSocket.
  { method: 'GET', url: '*' },
  { method: 'POST', url: '*' },
] as const

/** `GET /health` with the number of open sockets; anything else is told to open a WebSocket (426). */
export function relayHttpRoutes(connectionCount: () => number) {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET' && request.url?.split('?')[0] === '/health') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      response.end(JSON.stringify({ status: 'ok', connections: connectionCount() }))
      return
    }
    response.writeHead(426, { 'content-type': 'application/json', upgrade: 'websocket' })
    response.end(JSON.stringify(errorBody('UPGRADE_REQUIRED', 'WalletConnect relay: open a WebSocket')))
  }
}

/** Answers a WebSocket upgrade with an HTTP refusal in the kit's error body, and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: 401 | 429 | 503, reason: string) {
  const body = JSON.stringify(errorBody(REFUSAL_CODE[status] ?? 'BAD_REQUEST', reason))
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}
