import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'
import { DevnetError } from './devnet-error.js'

export const MAX_BODY_BYTES = 5 * 1024 * 1024

export type DevnetProxyOptions = {
  host: string
  port: number
  /** Chain ids this front serves; an id without an upstream yet answers 503 (still starting). */
  chainIds: readonly number[]
  /** Body of `GET /`, given the front's base URL. */
  describe: (baseUrl: string) => unknown
  /**
   * Runs after a request that changed a chain (a sent transaction, a mined block, a cheat code) and before
   * its answer leaves: the caller persists the chain, so nothing a client was told has happened can be lost.
   */
  afterWrite?: (chainId: number) => Promise<void>
}

export type DevnetProxy = {
  /** Base URL, e.g. http://127.0.0.1:8545. */
  url: string
  port: number
  setUpstream(chainId: number, anvilUrl: string | undefined): void
  close(): Promise<void>
}

/** The methods that change a chain: sending, and anvil's cheat codes, except those that only read. */
const READ_ONLY_CHEATS = new Set(['anvil_nodeInfo', 'anvil_metadata', 'anvil_dumpState', 'evm_snapshot'])
export function changesChain(method: unknown): boolean {
  if (typeof method !== 'string') return false
  if (method === 'eth_sendRawTransaction' || method === 'eth_sendTransaction') return true
  return /^(anvil|evm|hardhat)_/.test(method) && !READ_ONLY_CHEATS.has(method)
}
const requestsOf = (body: unknown): unknown[] => (Array.isArray(body) ? body : [body])

// A JSON-RPC request or a batch; anvil itself answers malformed members with per-request errors.
const jsonRpcBodySchema = z.union([z.looseObject({}), z.array(z.unknown()).min(1)])

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly rpcCode: number,
    message: string,
  ) {
    super(message)
  }
}

/** The single HTTP front: routes `POST /<chainId>` JSON-RPC (single or batch) to that chain's anvil. */
export async function startDevnetProxy(options: DevnetProxyOptions): Promise<DevnetProxy> {
  const served = new Set(options.chainIds)
  const upstreams = new Map<number, string>()
  let baseUrl = ''

  const server = createServer((req, res) => {
    setCorsHeaders(req, res)
    handle(req, res).catch((error: unknown) => {
      const httpError =
        error instanceof HttpError
          ? error
          : new HttpError(500, -32603, `devnet front error: ${String(error)}`)
      sendRpcError(res, httpError)
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? '/', 'http://devnet.invalid')
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    if (pathname === '/') {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw methodNotAllowed(res, 'GET, OPTIONS')
      sendJson(res, 200, options.describe(baseUrl))
      return
    }
    const match = /^\/(\d+)\/?$/.exec(pathname)
    const chainId = match ? Number(match[1]) : undefined
    if (chainId === undefined || !served.has(chainId)) {
      const known = [...served].join(', ')
      throw new HttpError(
        404,
        -32601,
        `no devnet chain at ${pathname}; served chain ids: ${known} (POST /<chainId>)`,
      )
    }
    if (req.method !== 'POST') throw methodNotAllowed(res, 'POST, OPTIONS')

    const body = await readBody(req)
    let parsed: unknown
    try {
      parsed = JSON.parse(body.toString('utf8'))
    } catch {
      throw new HttpError(400, -32700, 'parse error: request body is not valid JSON')
    }
    if (!jsonRpcBodySchema.safeParse(parsed).success) {
      throw new HttpError(
        400,
        -32600,
        'invalid request: expected a JSON-RPC object or a non-empty batch array',
      )
    }
    const upstream = upstreams.get(chainId)
    if (!upstream) throw new HttpError(503, -32603, `chain ${chainId} is not running`)

    let response: Response
    try {
      response = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array(body),
      })
    } catch (error) {
      throw new HttpError(502, -32603, `chain ${chainId} (anvil) is unreachable: ${String(error)}`)
    }
    const payload = Buffer.from(await response.arrayBuffer())
    const wrote = requestsOf(parsed).some((request) =>
      changesChain((request as { method?: unknown } | null)?.method),
    )
    // A failed save must not turn a done transaction into an error: the periodic save still follows.
    if (wrote) await options.afterWrite?.(chainId).catch(() => {})
    res.writeHead(response.status, {
      'content-type': response.headers.get('content-type') ?? 'application/json',
      'content-length': payload.length,
    })
    res.end(payload)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new DevnetError(
            'DEVNET_PORT_IN_USE',
            `port ${options.port} on ${options.host} is already in use`,
            'stop the other devnet or pass another port (0 picks a free one)',
            { cause: error },
          ),
        )
      } else reject(error)
    })
    server.listen(options.port, options.host, resolve)
  })
  const port = (server.address() as AddressInfo).port
  baseUrl = `http://${urlHost(options.host)}:${port}`

  let closing: Promise<void> | undefined
  return {
    url: baseUrl,
    port,
    setUpstream(chainId, anvilUrl) {
      if (anvilUrl === undefined) upstreams.delete(chainId)
      else upstreams.set(chainId, anvilUrl)
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Idle keep-alive sockets would otherwise hold close() open for seconds.
        server.closeAllConnections()
      })
      return closing
    },
  }
}

function urlHost(host: string): string {
  // A wildcard bind is reachable on loopback; IPv6 literals need brackets in URLs.
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

function setCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  // dApps on any localhost origin call the devnet; no cookies are involved, so '*' is safe.
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'content-type',
  )
  res.setHeader('access-control-max-age', '86400')
  // Chrome's Private Network Access asks this before a public page may call localhost.
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('access-control-allow-private-network', 'true')
  }
}

function methodNotAllowed(res: ServerResponse, allow: string): HttpError {
  res.setHeader('allow', allow)
  return new HttpError(405, -32600, `method not allowed; use ${allow}`)
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, -32600, `request body exceeds ${MAX_BODY_BYTES} bytes`)
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const payload = Buffer.from(JSON.stringify(value))
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': payload.length })
  res.end(payload)
}

function sendRpcError(res: ServerResponse, error: HttpError): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  // Do not keep reading a rejected (possibly huge) upload on this connection.
  if (error.status === 413) res.setHeader('connection', 'close')
  sendJson(res, error.status, {
    jsonrpc: '2.0',
    id: null,
    error: { code: error.rpcCode, message: error.message },
  })
}
