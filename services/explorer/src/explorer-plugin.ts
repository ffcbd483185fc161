import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import { createRequestLimits, isAllowedOrigin, nulByteGuard } from '@portico/http-kit'
import type { FastifyError, FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { analyticsEventSchema, MAX_PROPERTIES_BYTES } from './analytics-event.js'
import { assetImageSvg } from './asset-images.js'
import { currencyImageSvg } from './currency-images.js'
import type { RateLimitSettings } from './explorer-config.js'
import type { ExplorerDatabase } from './explorer-database.js'
import {
  BadRequestError,
  ExplorerError,
  NotFoundError,
  RateLimitedError,
  reasonPhrase,
} from './explorer-errors.js'
import { getWallets } from './get-wallets.js'
import { parseGetWalletsQuery } from './get-wallets-query.js'
import { sendSvg } from './image-response.js'
import { requireProjectHeaders } from './project-headers.js'
import { publicBaseUrl } from './public-base-url.js'
import { storeAnalyticsEvent } from './store-analytics-event.js'
import { tokenImageSvg } from './token-images.js'
import { createWalletImages } from './wallet-images.js'
import { type GetWalletsResponse, toWalletListing } from './wallet-listing.js'
import { createWalletPageCache } from './wallet-page-cache.js'

export interface ExplorerPluginOptions {
  /** A migrated database (see migrateExplorerDatabase). */
  db: Kysely<ExplorerDatabase>
  analyticsEnabled?: boolean
  /** Base URL for image_url, e.g. https://explorer.example.com; default: the request's own origin. */
  publicUrl?: string | undefined
  rateLimit?: RateLimitSettings | false
  /** Allowed dApp origins ('*' for any); default any localhost / 127.0.0.1 origin. */
  corsOrigins?: string[] | undefined
  /** How long a /getWallets answer may be reused; 0 queries the database every time. Default 5000. */
  walletCacheTtlMs?: number
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { perIp: 1_200, perProject: 6_000, timeWindowMs: 60_000 }

// Fastify already answers 414 for route parameters over 100 characters.
const IMAGE_ID = { type: 'string', minLength: 1, maxLength: 100 } as const

/**
 * The wallet explorer: /getWallets, images, /getAnalyticsConfig and POST /e. Encapsulated (not
 * fastify-plugin wrapped) so a host app can mount it under a prefix with its CORS and limits kept inside.
 */
export const explorerPlugin: FastifyPluginAsync<ExplorerPluginOptions> = async (app, options) => {
  const { db } = options
  const analyticsEnabled = options.analyticsEnabled ?? true

  await app.register(cors, {
    origin: (origin, callback) =>
      callback(null, origin === undefined || isAllowedOrigin(origin, options.corsOrigins)),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'if-none-match', 'x-project-id', 'x-sdk-type', 'x-sdk-version'],
    exposedHeaders: ['etag', 'retry-after'],
    maxAge: 86_400,
  })
  // After CORS (a page can read the 400), before any limit, handler or the database sees the NUL byte.
  await app.register(nulByteGuard)
  await app.register(rateLimit, { global: false })
  const limits = createRequestLimits(app, options.rateLimit ?? DEFAULT_RATE_LIMIT, {
    // requireProjectHeaders runs first, so an API request that gets this far has its x-project-id.
    projectId: (request) => request.projectHeaders?.projectId ?? '',
    rateLimited: (scope, retryAfterSeconds) => new RateLimitedError(scope, retryAfterSeconds),
  })
  const apiHooks = [limits.perIp, requireProjectHeaders, limits.perProject]
  // Image routes take no x- headers: browsers load <img src> without custom headers.
  const imageHooks = [limits.perIp]

  app.setErrorHandler((error: FastifyError | ExplorerError, request, reply) => {
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (statusCode >= 500) request.log.error({ err: error }, 'explorer request failed')
    const explorerError = error instanceof ExplorerError ? error : undefined
    return reply.code(statusCode).send({
      statusCode,
      error: reasonPhrase(statusCode),
      code: explorerError?.code ?? (error as FastifyError).code ?? 'INTERNAL_ERROR',
      // Internal failures keep their details in the log, not in the response.
      message: statusCode >= 500 ? 'Internal server error' : error.message,
      ...(explorerError?.hint ? { hint: explorerError.hint } : {}),
    })
  })
  app.setNotFoundHandler((request) => {
    throw new NotFoundError(`No route ${request.method} ${request.url.split('?')[0]}`)
  })

  const walletPages = createWalletPageCache(options.walletCacheTtlMs ?? 5_000)
  app.get('/getWallets', { onRequest: apiHooks }, async (request): Promise<GetWalletsResponse> => {
    const query = parseGetWalletsQuery(request.query)
    const { count, rows } = await walletPages(query, () => getWallets(db, query))
    const baseUrl = `${publicBaseUrl(request, options.publicUrl)}${app.prefix}`
    return { count, data: rows.map((row) => toWalletListing(row, baseUrl)) }
  })

  app.get('/getAnalyticsConfig', { onRequest: apiHooks }, async () => ({
    isAnalyticsEnabled: analyticsEnabled,
  }))

  app.post('/e', { onRequest: apiHooks, bodyLimit: 16 * 1024 }, async (request, reply) => {
    const parsed = analyticsEventSchema.safeParse(request.body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? ` ${issue.path.join('.')}` : ''
      throw new BadRequestError('INVALID_EVENT', `Invalid event${where}: ${issue?.message ?? 'invalid'}`)
    }
    const properties = parsed.data.props.properties
    if (properties && Buffer.byteLength(JSON.stringify(properties)) > MAX_PROPERTIES_BYTES) {
      throw new BadRequestError(
        'INVALID_EVENT',
        `Invalid event props.properties: larger than ${MAX_PROPERTIES_BYTES} bytes`,
      )
    }
    // With analytics off the event is still validated (clients learn of mistakes) but not kept.
    if (analyticsEnabled && request.projectHeaders) {
      await storeAnalyticsEvent(db, request.projectHeaders, parsed.data)
    }
    return reply.code(204).send()
  })

  const walletImage = createWalletImages(db)
  const imageRoute = (
    path: string,
    draw: (id: string) => string | undefined | Promise<string | undefined>,
  ) => {
    app.get<{ Params: { id: string } }>(
      path,
      { onRequest: imageHooks, schema: { params: { type: 'object', properties: { id: IMAGE_ID } } } },
      async (request, reply) => {
        const svg = await draw(request.params.id)
        if (!svg) throw new NotFoundError(`No image ${request.params.id}`)
        return sendSvg(request, reply, svg)
      },
    )
  }
  imageRoute('/getWalletImage/:id', walletImage)
  imageRoute('/public/getAssetImage/:id', assetImageSvg)
  imageRoute('/public/getCurrencyImage/:id', currencyImageSvg)
  imageRoute('/public/getTokenImage/:id', tokenImageSvg)
}
