import { createRequestLimits, errorResponses, rateLimitStore, serviceCors } from '@portico/http-kit'
import type { FastifyPluginAsync } from 'fastify'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { ChainApiDatabase } from './chain-api-database.js'
import { RateLimitedError } from './chain-api-errors.js'
import type { ChainClients } from './chain-clients.js'
import { createSwapService } from './convert/swap-service.js'
import { createBalanceReader } from './get-balances.js'
import { createGasPriceReader } from './get-gas-price.js'
import { createKnownTokens } from './known-tokens.js'
import { createOnrampService, type OnrampSettings } from './onramp/onramp-service.js'
import { rejectNulInBody, rejectNulInUrl } from './reject-nul-bytes.js'
import { type ChainApiRateLimit, DEFAULT_CHAIN_API_RATE_LIMIT, requestProjectId } from './request-limits.js'
import { chainApiRoutes } from './routes/chain-api-routes.js'
import { createSolanaApi } from './solana/solana-api.js'
import type { SolanaClusters } from './solana/solana-clusters.js'
import { DEFAULT_EXPLORER_URL } from './token-icons.js'
import { createPriceBook } from './token-prices.js'

const DEFAULT_REDIS_KEY_PREFIX = 'portico:chain-api:'

export interface ChainApiPluginOptions {
  /** A migrated database (see migrateChainApiDatabase). */
  db: Kysely<ChainApiDatabase>
  /** The served chains' clients; their manifest entries say which tokens each chain has. */
  clients: ChainClients
  /** The served Solana clusters (none when absent). */
  solanaClusters?: SolanaClusters | undefined
  /** Allowed dApp origins ('*' for any); default any localhost / 127.0.0.1 origin. */
  corsOrigins?: readonly string[] | undefined
  /** Base of the explorer serving token icons (default http://127.0.0.1:3001). */
  explorerUrl?: string | undefined
  /** Reuse of chain balance reads in ms (default 3000); forceUpdate bypasses it. */
  balanceCacheTtlMs?: number
  /** Least time between two chain reads forceUpdate causes for one chain and address (default 1000 ms). */
  balanceForceUpdateIntervalMs?: number
  /** Request budgets per client address and per projectId (default DEFAULT_CHAIN_API_RATE_LIMIT). */
  rateLimit?: ChainApiRateLimit | false
  /**
   * Shares the rate-limit counters between replicas through Redis: a `redis://` URL (connected at
   * registration, so a wrong one stops start-up) or a client of the host app's. In this process when absent.
   */
  redis?: string | Redis | undefined
  /** Prefix of the keys kept in Redis (default `portico:chain-api:`). */
  redisKeyPrefix?: string | undefined
  /** Clock in ms for the balance cache and the age of signed name messages (tests move it). */
  now?: () => number
  /** Reuse of a chain's pool reads for prices in ms (default 2000): how soon a swap shows in prices. */
  priceCacheTtlMs?: number
  /** On-ramp providers: the sandbox's funded account, Coinbase's app id (each unavailable without). */
  onramp?: OnrampSettings | undefined
}

/**
 * The Blockchain API (`/v1/*`): balance, history, identity, fungible price and gas price. Encapsulated so
 * a host app can mount it under a prefix with its CORS and error format kept inside.
 */
export const chainApiPlugin: FastifyPluginAsync<ChainApiPluginOptions> = async (app, options) => {
  const { db, clients } = options
  const tokens = createKnownTokens(clients.chains)
  const explorerUrl = options.explorerUrl ?? DEFAULT_EXPLORER_URL
  const priceBook = createPriceBook({ clients, known: tokens, ttlMs: options.priceCacheTtlMs })
  // EVM and Solana balances are cached and refreshed alike.
  const balanceReads = {
    explorerUrl,
    ...(options.balanceCacheTtlMs === undefined ? {} : { cacheTtlMs: options.balanceCacheTtlMs }),
    ...(options.balanceForceUpdateIntervalMs === undefined
      ? {}
      : { forceUpdateIntervalMs: options.balanceForceUpdateIntervalMs }),
    ...(options.now ? { now: options.now } : {}),
  }
  const balances = createBalanceReader({ clients, known: tokens, priceBook, ...balanceReads })

  await app.register(serviceCors, {
    origins: options.corsOrigins,
    allowedHeaders: ['content-type', 'x-project-id', 'x-sdk-type', 'x-sdk-version'],
    exposedHeaders: ['retry-after'],
  })
  // Every error and unknown route of this context answers in the kit's one error body.
  await app.register(errorResponses, { service: 'chain API' })
  await app.register(rateLimitStore, {
    redis: options.redis,
    keyPrefix: options.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
  })
  const limits = createRequestLimits(app, options.rateLimit ?? DEFAULT_CHAIN_API_RATE_LIMIT, {
    projectId: requestProjectId,
    rateLimited: (scope, retryAfterSeconds) => new RateLimitedError(scope, retryAfterSeconds),
  })
  // Every route counts against the caller's address first, then refuses NUL bytes (which PostgreSQL cannot
  // store in text) before any handler sees them, then counts against the projectId once the body is read.
  app.addHook('onRequest', limits.perIp)
  app.addHook('onRequest', rejectNulInUrl)
  app.addHook('preValidation', rejectNulInBody)
  app.addHook('preValidation', limits.perProject)

  const gasPrice = createGasPriceReader(clients)
  await app.register(chainApiRoutes, {
    db,
    served: clients.chainIds,
    tokens,
    priceBook,
    balances,
    gasPrice,
    explorerUrl,
    swap: createSwapService({ clients, known: tokens, priceBook, explorerUrl }),
    clients,
    now: options.now ?? Date.now,
    onramp: createOnrampService({
      db,
      clients,
      tokens,
      priceBook,
      gasPrice,
      explorerUrl,
      settings: options.onramp ?? {},
    }),
    solana:
      options.solanaClusters && options.solanaClusters.list.length > 0
        ? createSolanaApi(options.solanaClusters, balanceReads)
        : undefined,
  })
}
