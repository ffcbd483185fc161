import { frameworkErrors, privateLogging } from '@portico/http-kit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Kysely } from 'kysely'
import type { RateLimitSettings } from './explorer-config.js'
import type { ExplorerDatabase } from './explorer-database.js'
import { explorerPlugin } from './explorer-plugin.js'
import { migrateExplorerDatabase } from './migrate-explorer-database.js'
import { openExplorerDatabase } from './open-explorer-database.js'
import { seedWallets } from './seed-wallets.js'

export interface CreateExplorerServerOptions {
  /** PostgreSQL URL; when set, PGlite is not used. */
  databaseUrl?: string | undefined
  /** PGlite files go to `<dataDir>/explorer`; without it (and without databaseUrl) the data is in memory. */
  dataDir?: string | undefined
  /** Fastify's pino logger options; false (the default) logs nothing. Requests are logged by route pattern. */
  logger?: FastifyServerOptions['logger']
  rateLimit?: RateLimitSettings | false
  /** Shares the rate-limit counters with other explorer replicas through this Redis; in memory when unset. */
  redisUrl?: string | undefined
  corsOrigins?: string[] | undefined
  analyticsEnabled?: boolean
  publicUrl?: string | undefined
  /** Reuse of /getWallets answers in ms (default 5000; 0 off): imports show up after at most this long. */
  walletCacheTtlMs?: number
  /** Honour X-Forwarded-For/-Proto behind a load balancer (per-IP limits and image_url then use them). */
  trustProxy?: boolean
}

export interface ExplorerServer {
  app: FastifyInstance
  db: Kysely<ExplorerDatabase>
  /** Stops the HTTP server and closes the database. */
  close(): Promise<void>
}

/** Opens and migrates the database, seeds the registry, and returns a ready (not yet listening) server. */
export async function createExplorerServer(
  options: CreateExplorerServerOptions = {},
): Promise<ExplorerServer> {
  const db = openExplorerDatabase(options)
  try {
    await migrateExplorerDatabase(db)
    await seedWallets(db)
  } catch (error) {
    await db.destroy()
    throw error
  }
  const app = Fastify({
    ...privateLogging(options.logger),
    // Malformed URLs and over-long ids get the same error body as every other answer.
    frameworkErrors: frameworkErrors(),
    trustProxy: options.trustProxy ?? false,
    // A browser's keep-alive sockets must not hold close() open (Fastify keeps them 72 s).
    forceCloseConnections: true,
  })
  app.addHook('onClose', async () => {
    await db.destroy()
  })
  await app.register(explorerPlugin, {
    db,
    analyticsEnabled: options.analyticsEnabled ?? true,
    publicUrl: options.publicUrl,
    rateLimit: options.rateLimit,
    redisUrl: options.redisUrl,
    corsOrigins: options.corsOrigins,
    ...(options.walletCacheTtlMs === undefined ? {} : { walletCacheTtlMs: options.walletCacheTtlMs }),
  })
  await app.ready()
  return { app, db, close: () => app.close() }
}
