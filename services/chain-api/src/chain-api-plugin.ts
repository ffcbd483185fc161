import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import { createRequestLimits, isAllowedOrigin } from '@portico/http-kit'
import type { FastifyError, FastifyPluginAsync } from 'fastify'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { BalanceResponse } from './balance-response.js'
import type { ChainApiDatabase } from './chain-api-database.js'
import { ChainApiError, NotFoundError, RateLimitedError, reasonPhrase } from './chain-api-errors.js'
import type { ChainClients } from './chain-clients.js'
import type { ErrorResponse } from './error-response.js'
import type { FungiblePriceResponse } from './fungible-price-response.js'
import type { GasPriceResponse } from './gas-price-response.js'
import { createBalanceReader } from './get-balances.js'
import { getFungiblePrices } from './get-fungible-prices.js'
import { createGasPriceReader } from './get-gas-price.js'
import { getHistory } from './get-history.js'
import { getIdentity } from './get-identity.js'
import { decodeHistoryCursor } from './history-cursor.js'
import type { HistoryResponse } from './history-response.js'
import type { IdentityResponse } from './identity-response.js'
import { rejectNulInBody, rejectNulInUrl } from './reject-nul-bytes.js'
import { type ChainApiRateLimit, DEFAULT_CHAIN_API_RATE_LIMIT, requestProjectId } from './request-limits.js'
import {
  assertServedChain,
  chainIdSchema,
  currencySchema,
  evmAddressSchema,
  flagSchema,
  parseParameters,
  projectIdSchema,
} from './request-parameters.js'
import { DEFAULT_EXPLORER_URL } from './token-icons.js'
import { createPriceBook } from './token-prices.js'

export interface ChainApiPluginOptions {
  /** A migrated database (see migrateChainApiDatabase). */
  db: Kysely<ChainApiDatabase>
  clients: ChainClients
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
  /** Shares the rate-limit counters between replicas through Redis; in this process when absent. */
  redis?: { client: Redis; keyPrefix: string } | undefined
  /** Clock in ms for the balance cache (tests move it). */
  now?: () => number
  /** Reuse of the token_prices table in ms (default 2000): how soon a price change shows. */
  priceCacheTtlMs?: number
}

const MAX_PRICE_ADDRESSES = 100

const balanceRequest = z.object({
  projectId: projectIdSchema,
  address: evmAddressSchema,
  currency: currencySchema,
  chainId: chainIdSchema.optional(),
  forceUpdate: flagSchema,
})

const historyRequest = z.object({
  projectId: projectIdSchema,
  address: evmAddressSchema,
  chainId: chainIdSchema,
  cursor: z.string().optional(),
  onramp: z.string().max(64).optional(),
})

const gasPriceRequest = z.object({ projectId: projectIdSchema, chainId: chainIdSchema })

const identityRequest = z.object({
  projectId: projectIdSchema,
  address: evmAddressSchema,
  sender: evmAddressSchema.optional(),
})

/** `eip155:<chain>:<address>`, the native currency given as 0xeeee…eeee. */
const caipTokenSchema = z
  .string()
  .regex(/^eip155:[1-9]\d{0,15}:0x[0-9a-fA-F]{40}$/, 'expected eip155:<chainId>:0x<40 hex>')
  .transform((value) => {
    const [, chain, address] = value.split(':')
    return { chainId: Number(chain), address: (address as string).toLowerCase() }
  })

const fungiblePriceRequest = z.object({
  projectId: projectIdSchema,
  currency: currencySchema,
  addresses: z
    .array(caipTokenSchema, { error: 'expected an array of CAIP-10 token ids' })
    .max(MAX_PRICE_ADDRESSES, `at most ${MAX_PRICE_ADDRESSES} addresses`),
})

// Fastify hands query strings over as strings, but a repeated key arrives as an array: keep the first.
const single = (input: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries((input ?? {}) as Record<string, unknown>).map(([key, value]) => [
      key,
      Array.isArray(value) ? value[0] : value,
    ]),
  )

/**
 * The Blockchain API (`/v1/*`): balance, history, identity, fungible price and gas price. Encapsulated so
 * a host app can mount it under a prefix with its CORS and error format kept inside.
 */
export const chainApiPlugin: FastifyPluginAsync<ChainApiPluginOptions> = async (app, options) => {
  const { db, clients } = options
  const served = clients.chainIds
  const explorerUrl = options.explorerUrl ?? DEFAULT_EXPLORER_URL
  const priceBook = createPriceBook(db, options.priceCacheTtlMs)
  const balances = createBalanceReader({
    clients,
    priceBook,
    explorerUrl,
    ...(options.balanceCacheTtlMs === undefined ? {} : { cacheTtlMs: options.balanceCacheTtlMs }),
    ...(options.balanceForceUpdateIntervalMs === undefined
      ? {}
      : { forceUpdateIntervalMs: options.balanceForceUpdateIntervalMs }),
    ...(options.now ? { now: options.now } : {}),
  })
  const gasPrice = createGasPriceReader(clients)

  await app.register(cors, {
    origin: (origin, callback) =>
      callback(null, origin === undefined || isAllowedOrigin(origin, options.corsOrigins)),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'x-project-id', 'x-sdk-type', 'x-sdk-version'],
    exposedHeaders: ['retry-after'],
    maxAge: 86_400,
  })
  // Every route counts against the caller's address first, then refuses NUL bytes (which PostgreSQL cannot
  // store in text) before any handler sees them, then counts against the projectId once the body is read.
  await app.register(rateLimit, {
    global: false,
    // A Redis outage lets requests through rather than failing them all.
    skipOnError: true,
    ...(options.redis
      ? { redis: options.redis.client, nameSpace: `${options.redis.keyPrefix}rate-limit:` }
      : {}),
  })
  const limits = createRequestLimits(app, options.rateLimit ?? DEFAULT_CHAIN_API_RATE_LIMIT, {
    projectId: requestProjectId,
    rateLimited: (scope, retryAfterSeconds) => new RateLimitedError(scope, retryAfterSeconds),
  })
  app.addHook('onRequest', limits.perIp)
  app.addHook('onRequest', rejectNulInUrl)
  app.addHook('preValidation', rejectNulInBody)
  app.addHook('preValidation', limits.perProject)

  app.setErrorHandler((error: FastifyError | ChainApiError, request, reply) => {
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (statusCode >= 500) request.log.error({ err: error }, 'chain API request failed')
    const chainApiError = error instanceof ChainApiError ? error : undefined
    if (error instanceof RateLimitedError) reply.header('retry-after', error.retryAfterSeconds)
    const body: ErrorResponse = {
      statusCode,
      error: reasonPhrase(statusCode),
      code: chainApiError?.code ?? (error as FastifyError).code ?? 'INTERNAL_ERROR',
      // Internal failures keep their details in the log.
      message: statusCode >= 500 && !chainApiError ? 'Internal server error' : error.message,
      ...(chainApiError?.parameter ? { parameter: chainApiError.parameter } : {}),
    }
    return reply.code(statusCode).send(body)
  })
  app.setNotFoundHandler((request) => {
    throw new NotFoundError(`No route ${request.method} ${request.url.split('?')[0]}`)
  })

  app.get<{ Params: { address: string } }>(
    '/v1/account/:address/balance',
    async (request): Promise<BalanceResponse> => {
      const input = parseParameters(balanceRequest, { ...single(request.query), ...request.params })
      if (input.chainId !== undefined) assertServedChain(input.chainId, served)
      // Without a chain, every served chain, in the configured order.
      const chains = input.chainId === undefined ? served : [input.chainId]
      const lists = await Promise.all(
        chains.map((chainId) => balances(chainId, input.address, input.forceUpdate)),
      )
      return { balances: lists.flat() }
    },
  )

  app.get<{ Params: { address: string } }>(
    '/v1/account/:address/history',
    async (request): Promise<HistoryResponse> => {
      const input = parseParameters(historyRequest, { ...single(request.query), ...request.params })
      assertServedChain(input.chainId, served)
      const after = input.cursor ? decodeHistoryCursor(input.cursor) : undefined
      return getHistory(
        db,
        { chainId: input.chainId, address: input.address, after },
        await priceBook.prices(),
        explorerUrl,
      )
    },
  )

  app.get<{ Params: { address: string } }>(
    '/v1/identity/:address',
    async (request): Promise<IdentityResponse> => {
      const input = parseParameters(identityRequest, { ...single(request.query), ...request.params })
      return getIdentity(db, input.address)
    },
  )

  app.get('/v1/convert/gas-price', async (request): Promise<GasPriceResponse> => {
    const input = parseParameters(gasPriceRequest, single(request.query))
    assertServedChain(input.chainId, served)
    return gasPrice(input.chainId)
  })

  app.post(
    '/v1/fungible/price',
    { bodyLimit: 64 * 1024 },
    async (request): Promise<FungiblePriceResponse> => {
      const body = request.body && typeof request.body === 'object' ? request.body : {}
      // projectId may come in the body (as the reference client sends it) or in the query.
      const input = parseParameters(fungiblePriceRequest, { ...single(request.query), ...body })
      for (const [index, token] of input.addresses.entries()) {
        assertServedChain(token.chainId, served, `addresses.${index}`)
      }
      return { fungibles: await getFungiblePrices(input.addresses, priceBook, explorerUrl) }
    },
  )
}
