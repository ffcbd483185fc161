import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { z } from 'zod'
import { DevnetError } from '../devnet-error.js'
import { JsonRpcError, RPC_ERROR } from './json-rpc-error.js'
import type { LocalCluster } from './local-cluster.js'
import { rpcMethod } from './rpc-methods.js'
import { serveSubscriptions } from './rpc-subscriptions.js'

/**
 * One HTTP server for every local cluster: `POST /<cluster>` is JSON-RPC (batches too), a WebSocket upgrade
 * on `/<cluster>` serves subscriptions, `GET /<cluster>/health` answers "ok" as a node does, `GET /`
 * describes the clusters. CORS is open so the demo and the wallet call it from the browser.
 */

const MAX_BODY_BYTES = 1024 * 1024

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: z.string().min(1),
  params: z.array(z.unknown()).optional(),
})

export type SolanaRpcServer = { url: string; close(): Promise<void> }

export async function startSolanaRpcServer(options: {
  host: string
  port: number
  clusters: ReadonlyMap<string, LocalCluster>
  describe: (baseUrl: string) => unknown
  onInternalError: (error: unknown) => void
  /**
   * Also serve on port + 1 (a fixed port only): web3.js 1.x derives its WebSocket URL as the HTTP port + 1,
   * as solana-test-validator serves it. Skipped, with a notice, when that port is taken.
   */
  alsoOnNextPort?: { onUnavailable: (port: number) => void }
}): Promise<SolanaRpcServer> {
  const { clusters } = options
  let url = ''

  const answer = async (cluster: LocalCluster, body: unknown): Promise<unknown> => {
    const parsed = requestSchema.safeParse(body)
    const id = (body as { id?: unknown } | null)?.id ?? null
    if (!parsed.success) {
      return { jsonrpc: '2.0', error: { code: RPC_ERROR.INVALID_REQUEST, message: 'Invalid request' }, id }
    }
    const handler = rpcMethod(parsed.data.method)
    try {
      if (!handler) throw new JsonRpcError(RPC_ERROR.METHOD_NOT_FOUND, 'Method not found')
      const result = await handler(cluster, parsed.data.params ?? [])
      return { jsonrpc: '2.0', result, id: parsed.data.id ?? null }
    } catch (error) {
      if (!(error instanceof JsonRpcError)) options.onInternalError(error)
      const rpcError =
        error instanceof JsonRpcError ? error : new JsonRpcError(RPC_ERROR.INTERNAL_ERROR, 'Internal error')
      return { jsonrpc: '2.0', error: rpcError.toJSON(), id: parsed.data.id ?? null }
    }
  }

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    handleHttp(request, response).catch((error: unknown) => {
      options.onInternalError(error)
      if (!response.headersSent) sendJson(response, 500, { error: 'internal error' })
      else response.end()
    })
  }
  const server = createServer(onRequest)

  const handleHttp = async (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
    // Browser clients send content-type and solana-client (kit's and web3.js's identification header).
    response.setHeader(
      'access-control-allow-headers',
      request.headers['access-control-request-headers'] ?? 'content-type, solana-client',
    )
    response.setHeader('access-control-max-age', '86400')
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end()
      return
    }
    const path = new URL(request.url ?? '/', 'http://local').pathname
    const [name, rest] = path.slice(1).split(/\/(.*)/s)
    if (request.method === 'GET' && path === '/') {
      sendJson(response, 200, options.describe(url))
      return
    }
    const cluster = name ? clusters.get(name) : undefined
    if (!cluster) {
      sendJson(response, 404, {
        error: `no cluster at ${path}; clusters: ${[...clusters.keys()].join(', ')}`,
      })
      return
    }
    if (request.method === 'GET' && rest === 'health') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (request.method !== 'POST' || rest) {
      sendJson(response, 405, { error: 'POST JSON-RPC to /<cluster>' })
      return
    }
    const text = await readBody(request)
    if (text === undefined) {
      sendJson(response, 413, { error: `request body over ${MAX_BODY_BYTES} bytes` })
      return
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      sendJson(response, 200, {
        jsonrpc: '2.0',
        error: { code: RPC_ERROR.PARSE_ERROR, message: 'Parse error' },
        id: null,
      })
      return
    }
    if (Array.isArray(body)) {
      if (body.length === 0) {
        sendJson(response, 200, {
          jsonrpc: '2.0',
          error: { code: RPC_ERROR.INVALID_REQUEST, message: 'Invalid request' },
          id: null,
        })
        return
      }
      const answers = []
      // In order: a batch may send a transaction and then read what it changed.
      for (const item of body) answers.push(await answer(cluster, item))
      sendJson(response, 200, answers)
      return
    }
    sendJson(response, 200, await answer(cluster, body))
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES })
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const name = new URL(request.url ?? '/', 'http://local').pathname.slice(1).replace(/\/$/, '')
    const cluster = clusters.get(name)
    if (!cluster) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n')
      return
    }
    sockets.handleUpgrade(request, socket, head, (webSocket) => serveSubscriptions(webSocket, cluster))
  }
  server.on('upgrade', onUpgrade)

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new DevnetError(
              'DEVNET_PORT_IN_USE',
              `Solana devnet: port ${options.port} on ${options.host} is in use`,
              'stop what listens there or set SOLANA_DEVNET_PORT',
            )
          : error,
      )
    }
    server.once('error', onError)
    server.listen(options.port, options.host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`

  let nextPortServer: Server | undefined
  if (options.alsoOnNextPort && options.port !== 0 && port < 65_535) {
    const candidate = createServer(onRequest)
    candidate.on('upgrade', onUpgrade)
    nextPortServer = await new Promise<Server | undefined>((resolve) => {
      candidate.once('error', () => resolve(undefined))
      candidate.listen(port + 1, options.host, () => resolve(candidate))
    })
    if (!nextPortServer) options.alsoOnNextPort.onUnavailable(port + 1)
  }

  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate()
        sockets.close()
        server.closeAllConnections()
        nextPortServer?.closeAllConnections()
        nextPortServer?.close()
        server.close(() => resolve())
      }),
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) return undefined
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
