import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { Redis } from 'ioredis'

export interface RateLimitStoreOptions {
  /**
   * Where the request counters live. A `redis://` URL (the kit opens the client and closes it with the
   * app) or a connected client of the service's own: replicas naming the same server and keyPrefix share
   * their counters. Unset: this process's memory.
   */
  redis?: string | Redis | undefined
  /** Namespace of the Redis keys, so several services or deployments can share one Redis. */
  keyPrefix?: string
}

export const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'portico:'

/** Opens a Redis client for counters; a server that cannot be reached stops start-up. */
async function connectRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 })
  client.on('error', onError)
  try {
    await client.connect()
  } catch (error) {
    client.disconnect()
    throw error
  }
  return client
}

const rateLimitStorePlugin: FastifyPluginAsync<RateLimitStoreOptions> = async (app, options) => {
  let client: Redis | undefined
  if (typeof options.redis === 'string') {
    const opened = await connectRedis(options.redis, (error) =>
      app.log.warn({ err: error }, 'rate-limit Redis error'),
    )
    app.addHook('onClose', async () => {
      await opened.quit().catch(() => opened.disconnect())
    })
    client = opened
  } else client = options.redis
  const keyPrefix = options.keyPrefix ?? DEFAULT_RATE_LIMIT_KEY_PREFIX
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(client ? { redis: client, nameSpace: `${keyPrefix}rate-limit:` } : {}),
  })
}

/**
 * The store of a service's request budgets: @fastify/rate-limit with no route limited by itself
 * (`global: false`), in memory or in Redis. A Redis outage lets requests through rather than failing them.
 * The budgets themselves come from createRequestLimits, which needs this registered first.
 *
 * Usage (not encapsulated: it decorates the context it is registered in):
 * `await app.register(rateLimitStore, { redis: config.redisUrl, keyPrefix: 'portico:explorer:' })`
 */
export const rateLimitStore = fastifyPlugin(rateLimitStorePlugin, {
  name: '@portico/http-kit/rate-limit-store',
  fastify: '5.x',
})
