import { frameworkErrors, privateLogging } from '@portico/http-kit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Kysely } from 'kysely'
import type { ChainApiDatabase } from './chain-api-database.js'
import { chainApiPlugin } from './chain-api-plugin.js'
import { createChainClients } from './chain-clients.js'
import { createChainIndexer } from './chain-indexer.js'
import { type ChainManifestInput, parseChainManifest, selectServedChains } from './chain-manifest.js'
import { type ChainIndexer, combineIndexers } from './indexer-loop.js'
import { createKnownTokens } from './known-tokens.js'
import { migrateChainApiDatabase } from './migrate-chain-api-database.js'
import type { OnrampSettings } from './onramp/onramp-service.js'
import { openChainApiDatabase } from './open-chain-api-database.js'
import type { ChainApiRateLimit } from './request-limits.js'
import { createSolanaClusters } from './solana/solana-clusters.js'
import { createSolanaIndexer } from './solana/solana-indexer.js'
import { createPriceBook } from './token-prices.js'

export interface CreateChainApiServerOptions {
  /**
   * The chains to serve, their RPC URLs and their tokens (the devnet publishes one for what it deployed).
   * Validated here: an invalid manifest stops start-up with InvalidChainManifestError.
   */
  manifest: ChainManifestInput
  /** Which of the manifest's chains are served and indexed, in this order (default: all of them). */
  chainIds?: readonly number[] | undefined
  /** PostgreSQL URL; when set, the embedded PGlite is not used. */
  databaseUrl?: string | undefined
  /** Embedded database files go to `<dataDir>/chain-api`; without it (and without databaseUrl) in memory. */
  dataDir?: string | undefined
  /** Fastify's pino logger options; false (the default) logs nothing. */
  logger?: FastifyServerOptions['logger']
  corsOrigins?: readonly string[] | undefined
  /** Base of the explorer that serves token icons (default http://127.0.0.1:3001). */
  explorerUrl?: string | undefined
  /** Follow the chains into the history tables (default true). */
  indexer?: boolean
  /** Indexer poll interval once caught up (default 1000 ms). */
  indexerPollIntervalMs?: number
  /** Reuse of chain balance reads (default 3000 ms). */
  balanceCacheTtlMs?: number
  /** Reuse of a chain's pool reads for prices (default 2000 ms). */
  priceCacheTtlMs?: number
  /** Least time between two chain reads forceUpdate causes for one chain and address (default 1000 ms). */
  balanceForceUpdateIntervalMs?: number
  /** Request budgets per client address and per projectId; false turns them off. */
  rateLimit?: ChainApiRateLimit | false
  /** Redis URL: replicas share the rate-limit counters there (default: counted in this process). */
  redisUrl?: string | undefined
  /** Prefix of the keys kept in Redis (default `portico:chain-api:`). */
  redisKeyPrefix?: string
  /** Take the client address from X-Forwarded-For (behind a reverse proxy); default false. */
  trustProxy?: boolean
  /** Clock in ms for the balance cache (tests move it). */
  now?: () => number
  /** On-ramp providers: the sandbox's funded account, Coinbase's app id (each unavailable without). */
  onramp?: OnrampSettings | undefined
}

export interface ChainApiServer {
  app: FastifyInstance
  db: Kysely<ChainApiDatabase>
  /** Present even with `indexer: false` (then not started: call catchUp() to index on demand). */
  indexer: ChainIndexer
  /** Stops the indexer and the HTTP server, then closes the database. */
  close(): Promise<void>
}

/** Opens and migrates the database, starts the indexer, and returns a ready server. */
export async function createChainApiServer(options: CreateChainApiServerOptions): Promise<ChainApiServer> {
  const manifest = parseChainManifest(options.manifest)
  const clients = createChainClients(selectServedChains(manifest, options.chainIds))
  const solanaClusters = createSolanaClusters(manifest.solana)
  const db = openChainApiDatabase(options)
  try {
    await migrateChainApiDatabase(db)
  } catch (error) {
    await db.destroy()
    throw error
  }
  const app = Fastify({
    // The log names routes, never addresses, queries or path ids.
    ...privateLogging(options.logger ?? false),
    // Malformed URLs get the same error body as every other answer.
    frameworkErrors: frameworkErrors(),
    trustProxy: options.trustProxy ?? false,
    // A browser's keep-alive sockets must not hold close() open (Fastify keeps them 72 s).
    forceCloseConnections: true,
  })
  const pollInterval =
    options.indexerPollIntervalMs === undefined ? {} : { pollIntervalMs: options.indexerPollIntervalMs }
  const onError = (error: unknown, chainId: number) =>
    app.log.warn({ err: error, chainId }, 'indexing failed; retrying')
  const tokens = createKnownTokens(clients.chains)
  const indexer = combineIndexers(
    createChainIndexer({
      db,
      clients,
      pricing: { tokens, priceBook: createPriceBook({ clients, known: tokens }) },
      ...pollInterval,
      onError,
      onRewind: (rewind) =>
        app.log.warn(rewind, 'stored blocks are no longer on the chain; re-indexing them'),
    }),
    createSolanaIndexer({
      db,
      clusters: solanaClusters,
      ...pollInterval,
      onError,
      onRewind: (rewind) =>
        app.log.warn(rewind, 'stored slots are no longer on the cluster; re-indexing them'),
    }),
  )
  // Order matters: the indexer stops writing before the database closes.
  app.addHook('onClose', async () => {
    await indexer.stop()
    await db.destroy()
  })
  try {
    await app.register(chainApiPlugin, {
      db,
      clients,
      solanaClusters,
      corsOrigins: options.corsOrigins,
      explorerUrl: options.explorerUrl,
      ...(options.balanceCacheTtlMs === undefined ? {} : { balanceCacheTtlMs: options.balanceCacheTtlMs }),
      ...(options.priceCacheTtlMs === undefined ? {} : { priceCacheTtlMs: options.priceCacheTtlMs }),
      ...(options.balanceForceUpdateIntervalMs === undefined
        ? {}
        : { balanceForceUpdateIntervalMs: options.balanceForceUpdateIntervalMs }),
      ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
      ...(options.now ? { now: options.now } : {}),
      onramp: options.onramp,
      // Connected while registering, so a wrong REDIS_URL stops start-up instead of surfacing per request.
      redis: options.redisUrl,
      redisKeyPrefix: options.redisKeyPrefix,
    })
    await app.ready()
  } catch (error) {
    await db.destroy()
    throw error
  }
  if (options.indexer ?? true) indexer.start()
  return { app, db, indexer, close: () => app.close() }
}
