import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEFAULT_HOST } from '@portico/http-kit'
import { WebSocketServer } from 'ws'
import { ACK_WINDOW_MS } from './ack-window.js'
import { ClientQuotas } from './client-quotas.js'
import { DEFAULT_MIN_TTL_SECONDS } from './message-record.js'
import type { RelayConnection } from './relay-connection.js'
import { relayHttpRoutes } from './relay-http.js'
import { RelayHub } from './relay-hub.js'
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './relay-limits.js'
import { type RelayLogger, silentLogger } from './relay-logger.js'
import { openRelayStorage } from './relay-storage.js'
import { relayUpgradeHandler } from './relay-upgrade.js'
import { normalizeRelayUrl } from './verify-relay-jwt.js'

export { DEFAULT_REDIS_KEY_PREFIX } from './relay-storage.js'
export { CLOSE_CODE_RELAY_ERROR } from './relay-upgrade.js'

export const DEFAULT_MAX_MESSAGE_BYTES = 512 * 1024
/** Node clients drop a socket that saw no ping for 35 s. */
export const DEFAULT_PING_INTERVAL_MS = 20_000

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
  /** Behind a reverse proxy: per-address socket limits count the forwarded client address. */
  trustProxy?: boolean
  /** Lower bound a publish TTL is raised to (seconds); only tests and demos go below the default 10. */
  minTtlSeconds?: number
  /** Per-client quotas; each one left out keeps its DEFAULT_RELAY_LIMITS value. */
  limits?: Partial<RelayLimits>
  /** Milliseconds since the epoch; tests pass a fake one to move through TTLs and rate windows. */
  clock?: () => number
  /**
   * Single process only: how long a message pushed to every live subscriber waits for their acks before
   * it is stored (ACK_WINDOW_MS by default); 0 stores every message at once. Ignored with redisUrl.
   */
  ackWindowMs?: number
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
  const host = options.host ?? DEFAULT_HOST
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  const clock = options.clock ?? Date.now
  const limits: RelayLimits = { ...DEFAULT_RELAY_LIMITS, ...options.limits }
  const onError = (error: unknown) => logger.error('relay storage error', { error: String(error) })

  // A socket's place in a shared quota outlives a relay that died by three ping intervals at most.
  const socketLeaseMs = 3 * pingIntervalMs
  const storage = await openRelayStorage({ ...options, socketLeaseMs }, clock, onError, (record) =>
    hub.deliverLocally(record),
  )
  const quotas = new ClientQuotas(
    limits,
    storage.quotas,
    (clientId) => storage.mailbox.storedBytes(clientId),
    clock,
    onError,
    Boolean(options.redisUrl),
  )
  const hub = new RelayHub<RelayConnection>(
    storage.mailbox,
    storage.fanOut,
    quotas,
    options.minTtlSeconds ?? DEFAULT_MIN_TTL_SECONDS,
    clock,
    logger,
    // Write-behind needs to see every subscriber: one process only, not relays sharing Redis.
    options.redisUrl ? 0 : (options.ackWindowMs ?? ACK_WINDOW_MS),
  )
  const audiences = new Set<string>()

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  })
  const server = createServer(relayHttpRoutes(() => hub.connections.size))
  server.on(
    'upgrade',
    relayUpgradeHandler({ wss, hub, quotas, audiences, logger, trustProxy: options.trustProxy ?? false }),
  )

  const pinger = setInterval(() => {
    const now = clock()
    quotas.prune().catch(onError)
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
        for (const connection of hub.connections) connection.close(1001, 'Relay shutting down')
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
          setTimeout(() => {
            for (const connection of hub.connections) connection.socket.terminate()
          }, 1_000).unref()
        })
        wss.close()
        hub.shutDown()
        await storage.close()
      })()
      return closing
    },
  }
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
