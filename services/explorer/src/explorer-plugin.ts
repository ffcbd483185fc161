import {
  createRequestLimits,
  errorResponses,
  nulByteGuard,
  rateLimitStore,
  serviceCors,
} from '@portico/http-kit'
import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { sharedBrandIcons } from './brand-icons.js'
import type { RateLimitSettings } from './explorer-config.js'
import type { ExplorerDatabase } from './explorer-database.js'
import { RateLimitedError } from './explorer-errors.js'
import { requireProjectHeaders } from './project-headers.js'
import { analyticsRoutes } from './routes/analytics-routes.js'
import { imageRoutes } from './routes/image-routes.js'
import { walletListRoutes } from './routes/wallet-list-routes.js'

export interface ExplorerPluginOptions {
  /** A migrated database (see migrateExplorerDatabase). */
  db: Kysely<ExplorerDatabase>
  analyticsEnabled?: boolean
  /** Base URL for image_url, e.g. https://explorer.example.com; default: the request's own origin. */
  publicUrl?: string | undefined
  rateLimit?: RateLimitSettings | false
  /** Shares the rate-limit counters with other explorer replicas through this Redis; in memory when unset. */
  redisUrl?: string | undefined
  /** Allowed dApp origins ('*' for any); default any localhost / 127.0.0.1 origin. */
  corsOrigins?: string[] | undefined
  /** How long a /getWallets answer may be reused; 0 queries the database every time. Default 5000. */
  walletCacheTtlMs?: number
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { perIp: 1_200, perProject: 6_000, timeWindowMs: 60_000 }

/**
 * The wallet explorer: /getWallets, images, /getAnalyticsConfig and POST /e. Encapsulated (not
 * fastify-plugin wrapped) so a host app can mount it under a prefix with its CORS and limits kept inside.
 */
export const explorerPlugin: FastifyPluginAsync<ExplorerPluginOptions> = async (app, options) => {
  const { db } = options
  await app.register(serviceCors, {
    origins: options.corsOrigins,
    allowedHeaders: ['content-type', 'if-none-match', 'x-project-id', 'x-sdk-type', 'x-sdk-version'],
    exposedHeaders: ['etag', 'retry-after'],
  })
  // After CORS (a page can read the 400), before any limit, handler or the database sees the NUL byte.
  await app.register(nulByteGuard)
  await app.register(errorResponses, { service: 'explorer' })
  await app.register(rateLimitStore, { redis: options.redisUrl, keyPrefix: 'portico:explorer:' })
  const limits = createRequestLimits(app, options.rateLimit ?? DEFAULT_RATE_LIMIT, {
    // requireProjectHeaders runs first, so an API request that gets this far has its x-project-id.
    projectId: (request) => request.projectHeaders?.projectId ?? '',
    rateLimited: (scope, retryAfterSeconds) => new RateLimitedError(scope, retryAfterSeconds),
  })

  // The API counts against the address, then needs the project headers and counts against the project.
  await app.register(async (api) => {
    api.addHook('onRequest', limits.perIp)
    api.addHook('onRequest', requireProjectHeaders)
    api.addHook('onRequest', limits.perProject)
    await api.register(walletListRoutes, {
      db,
      publicUrl: options.publicUrl,
      walletCacheTtlMs: options.walletCacheTtlMs ?? 5_000,
    })
    await api.register(analyticsRoutes, { db, analyticsEnabled: options.analyticsEnabled ?? true })
  })
  // Image routes take no x- headers: browsers load <img src> without custom headers.
  const icons = await sharedBrandIcons()
  await app.register(async (images) => {
    images.addHook('onRequest', limits.perIp)
    await images.register(imageRoutes, { db, icons })
  })
}
