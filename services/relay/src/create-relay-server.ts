import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { Redis } from 'ioredis'
import { WebSocketServer } from 'ws'
import { ClientQuotas } from './client-quotas.js'
import { type FanOut, noFanOut } from './fan-out.js'
import type { Mailbox } from './mailbox.js'
import { DEFAULT_MIN_TTL_SECONDS } from './message-record.js'
import { migrateRelayDatabase } from './migrate-relay-database.js'
import { openRelayDatabase } from './open-relay-database.js'
import { RedisFanOut } from './redis-fan-out.js'
import { RedisMailbox } from './redis-mailbox.js'
import { RelayConnection } from './relay-connection.js'
import { RelayAuthError } from './relay-errors.js'
import { RelayHub } from './relay-hub.js'
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './relay-limits.js'
import { type RelayLogger, silentLogger } from './relay-logger.js'
import { SqlMailbox } from './sql-mailbox.js'
import { normalizeRelayUrl, type RelayClaims, verifyRelayJwt } from './verify-relay-jwt.js'

/** WalletConnect's close code for fatal relay errors (the SDK asks for it with `useOnCloseEvent=true`). */
export const CLOSE_CODE_RELAY_ERROR = 3000
export const DEFAULT_MAX_MESSAGE_BYTES = 512 * 1024
/** Node clients drop a socket that saw no ping for 35 s. */
export const DEFAULT_PING_INTERVAL_MS = 20_000
export const DEFAULT_REDIS_KEY_PREFIX = 'portico:relay:'

export interface CreateRelayServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  host?: string
  /** Directory for the embedded PGlite mailbox; without it (and databaseUrl) PGlite runs in memory. */
  dataDir?: string
  /** PostgreSQL instead of PGlite for the mailbox (ignored with redisUrl). */
  databaseUrl?: string
  /** Shares subscriptions and the mailbox with other relay processes through Redis. */
  redisUrl?: string
  /** Namespace for the Redis keys and channels, so several relays can share one Redis. */
  redisKeyPrefix?: string
  logger?: RelayLogger
  /** Largest accepted frame; a bigger one closes the socket with 1009. */
  maxMessageBytes?: number
  pingIntervalMs?: number
  /**
   * Further URLs clients may name as JWT audience (their configured `relayUrl`), e.g. the public
   * wss:// URL behind a proxy. The server's own ws:// URLs are always accepted.
   */
  audiences?: string[]
  /** Lower bound a publish TTL is raised to (seconds); only tests and demos go below the default 10. */
  minTtlSeconds?: number
  /** Per-client quotas; each one left out keeps its DEFAULT_RELAY_LIMITS value. */
  limits?: Partial<RelayLimits>
  /** Milliseconds since the epoch; tests pass a fake one to move through TTLs and rate windows. */
  clock?: () => number
}

export interface RelayServer {
  /** ws:// URL to configure as the SDK's `relayUrl`. */
  url: string
  port: number
  /** Sockets currently open. */
  connectionCount(): number
  close(): Promise<void>
}

/** Starts a WalletConnect v2 compatible relay: WebSocket JSON-RPC at any path, `GET /health`. */
export async function createRelayServer(options: CreateRelayServerOptions = {}): Promise<RelayServer> {
  const logger = options.logger ?? silentLogger
  const host = options.host ?? '127.0.0.1'
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  const clock = options.clock ?? Date.now
  const limits: RelayLimits = { ...DEFAULT_RELAY_LIMITS, ...options.limits }
  const onError = (error: unknown) => logger.error('relay storage error', { error: String(error) })

  const storage = await openStorage(options, clock, onError, (record) => hub.deliverLocally(record))
  const quotas = new ClientQuotas(limits, (clientId) => storage.mailbox.storedBytes(clientId), clock)
  const hub: RelayHub = new RelayHub(
    storage.mailbox,
    storage.fanOut,
    quotas,
    options.minTtlSeconds ?? DEFAULT_MIN_TTL_SECONDS,
    clock,
    logger,
  )
  const audiences = new Set<string>()

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  })
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url?.split('?')[0] === '/health') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      response.end(JSON.stringify({ status: 'ok', connections: hub.connections.size }))
      return
    }
    response.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' })
    response.end('WalletConnect relay: open a WebSocket\n')
  })

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const query = new URL(request.url ?? '/', 'http://relay').searchParams
    const ip = request.socket.remoteAddress ?? 'unknown'
    const closeEvents = query.get('useOnCloseEvent') === 'true'
    // A flood of sockets from one address is turned away before any signature is checked.
    const busy = quotas.socketRefusal(ip)
    if (busy) {
      refuseUpgrade(socket, 429, 'Too Many Requests', busy)
      return
    }
    let claims: RelayClaims | undefined
    let refusal: string | undefined
    try {
      claims = verifyRelayJwt(query.get('auth'), audiences)
    } catch (error) {
      if (!(error instanceof RelayAuthError)) throw error
      refusal = error.message
    }
    if (!closeEvents) {
      // Clients that did not ask for close events get refusals as a plain HTTP answer.
      if (refusal) return refuseUpgrade(socket, 401, 'Unauthorized', refusal)
      const full = quotas.socketRefusal(ip, claims?.clientId)
      if (full) return refuseUpgrade(socket, 429, 'Too Many Requests', full)
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('error', (error) => logger.warn('relay socket error', { error: error.message }))
      if (!claims) {
        ws.close(CLOSE_CODE_RELAY_ERROR, refusal)
        return
      }
      const { clientId } = claims
      // Counted only once the socket is open, so an upgrade that fails half-way leaks no slot.
      const full = quotas.admitSocket(clientId, ip)
      if (full) {
        ws.close(CLOSE_CODE_RELAY_ERROR, full)
        return
      }
      const connection = new RelayConnection(ws, clientId, ip, hub, logger)
      hub.connections.add(connection)
      ws.on('close', () => {
        quotas.releaseSocket(clientId, ip)
        hub.disconnect(connection)
      })
    })
  })

  const pinger = setInterval(() => {
    const now = clock()
    quotas.prune()
    for (const connection of hub.connections) {
      // No pong since the previous ping: the peer is gone without a close frame.
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
      connection.prune(now)
    }
  }, pingIntervalMs)
  pinger.unref()

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    clearInterval(pinger)
    await storage.close()
    throw error
  }
  const port = (server.address() as AddressInfo).port
  const url = `ws://${urlHost(host)}:${port}`
  for (const audience of defaultAudiences(host, port, url)) audiences.add(normalizeRelayUrl(audience))
  for (const audience of options.audiences ?? []) audiences.add(normalizeRelayUrl(audience))
  logger.info('relay listening', { url, mode: options.redisUrl ? 'redis' : 'single-process' })

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    connectionCount: () => hub.connections.size,
    close() {
      closing ??= (async () => {
        clearInterval(pinger)
        // 1001 "going away": clients reconnect (only 3000 is fatal to them).
        for (const connection of hub.connections) connection.socket.close(1001, 'Relay shutting down')
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
          setTimeout(() => {
            for (const connection of hub.connections) connection.socket.terminate()
          }, 1_000).unref()
        })
        wss.close()
        await storage.close()
      })()
      return closing
    },
  }
}

interface Storage {
  mailbox: Mailbox
  fanOut: FanOut
  close(): Promise<void>
}

async function openStorage(
  options: CreateRelayServerOptions,
  clock: () => number,
  onError: (error: unknown) => void,
  deliver: (record: Parameters<RelayHub['deliverLocally']>[0]) => void,
): Promise<Storage> {
  if (options.redisUrl) {
    const prefix = options.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX
    const commands = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 })
    // Subscriber mode forbids the ready check's INFO command.
    const subscriber = new Redis(options.redisUrl, { lazyConnect: true, enableReadyCheck: false })
    commands.on('error', onError)
    subscriber.on('error', onError)
    try {
      await Promise.all([commands.connect(), subscriber.connect()])
    } catch (error) {
      commands.disconnect()
      subscriber.disconnect()
      throw error
    }
    const fanOut = new RedisFanOut(commands, subscriber, prefix, randomUUID(), deliver, onError)
    return {
      mailbox: new RedisMailbox(commands, prefix, clock),
      fanOut,
      async close() {
        await Promise.allSettled([commands.quit(), subscriber.quit()])
      },
    }
  }
  const db = openRelayDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl })
  try {
    await migrateRelayDatabase(db)
    const mailbox = await SqlMailbox.open(db, clock, onError)
    return { mailbox, fanOut: noFanOut, close: () => mailbox.close() }
  } catch (error) {
    await db.destroy()
    throw error
  }
}

function refuseUpgrade(socket: Duplex, status: number, statusText: string, reason: string) {
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  )
}

function urlHost(host: string) {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

/** The URLs a local client may have configured for this server. */
function defaultAudiences(host: string, port: number, url: string) {
  const loopback = ['0.0.0.0', '::', '', '127.0.0.1', 'localhost', '::1'].includes(host)
  if (!loopback) return [url]
  return [url, `ws://127.0.0.1:${port}`, `ws://localhost:${port}`, `ws://[::1]:${port}`]
}
