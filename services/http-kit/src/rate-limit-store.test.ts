import { randomUUID } from 'node:crypto'
import { testRedisUrl } from '@portico/database'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import {
  createRequestLimits,
  errorResponses,
  type RateLimitStoreOptions,
  rateLimitStore,
  ServiceError,
} from './index.js'

const apps: FastifyInstance[] = []
afterAll(() => Promise.all(apps.map((app) => app.close())))

/** One replica of a service: GET /ping, two requests per address per minute. */
async function replica(store: RateLimitStoreOptions) {
  const app = Fastify()
  apps.push(app)
  await app.register(rateLimitStore, store)
  await app.register(errorResponses, { service: 'test' })
  const limits = createRequestLimits(
    app,
    { perIp: 2, perProject: 100, timeWindowMs: 60_000 },
    {
      projectId: () => undefined,
      rateLimited: (_scope, seconds) =>
        new ServiceError('RATE_LIMITED', 429, 'slow down', { retryAfterSeconds: seconds }),
    },
  )
  app.get('/ping', { onRequest: limits.perIp }, async () => ({ ok: true }))
  await app.ready()
  return app
}

const ping = (app: FastifyInstance, remoteAddress = '10.9.0.1') => app.inject({ url: '/ping', remoteAddress })

describe('rateLimitStore', () => {
  it('counts in each process by default: a second replica has its own budget', async () => {
    const a = await replica({})
    const b = await replica({})
    expect((await ping(a)).statusCode).toBe(200)
    expect((await ping(a)).statusCode).toBe(200)
    const refused = await ping(a)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'slow down', retryAfterSeconds: expect.any(Number) },
    })
    expect(refused.headers['retry-after']).toBe(String(refused.json().error.retryAfterSeconds))
    expect((await ping(b)).statusCode).toBe(200)
  })

  it.skipIf(!testRedisUrl)('shares the counters of replicas that name the same Redis', async () => {
    const store = { redis: testRedisUrl, keyPrefix: `portico:test:${randomUUID()}:` }
    const a = await replica(store)
    const b = await replica(store)
    expect((await ping(a)).statusCode).toBe(200)
    expect((await ping(b)).statusCode).toBe(200)
    // Both replicas spent the one budget: either refuses the third request.
    expect((await ping(b)).statusCode).toBe(429)
    expect((await ping(a)).statusCode).toBe(429)
    expect((await ping(a, '10.9.0.2')).statusCode).toBe(200)
    // Another deployment (another prefix) on the same Redis counts apart.
    const other = await replica({ redis: testRedisUrl, keyPrefix: `portico:test:${randomUUID()}:` })
    expect((await ping(other)).statusCode).toBe(200)
  })

  it('stops start-up when the Redis cannot be reached', async () => {
    const app = Fastify()
    apps.push(app)
    await expect(app.register(rateLimitStore, { redis: 'redis://127.0.0.1:1' })).rejects.toThrow()
  })
})
