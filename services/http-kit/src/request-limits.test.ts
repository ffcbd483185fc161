import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { createRequestLimits, type RateLimitScope, type RateLimitSettings } from './index.js'

class OverBudget extends Error {
  readonly statusCode = 429
  constructor(readonly scope: RateLimitScope) {
    super(`over the ${scope} budget`)
  }
}

const apps: FastifyInstance[] = []
afterAll(() => Promise.all(apps.map((app) => app.close())))

/** An app whose GET /ping counts against the address first, then the `project` query parameter. */
async function open(settings: RateLimitSettings | false) {
  const app = Fastify()
  apps.push(app)
  await app.register(rateLimit, { global: false })
  const limits = createRequestLimits(app, settings, {
    projectId: (request) => (request.query as { project?: string }).project,
    rateLimited: (scope) => new OverBudget(scope),
  })
  app.setErrorHandler((error: OverBudget, _request, reply) =>
    reply.code(error.statusCode ?? 500).send({ scope: error.scope, message: error.message }),
  )
  app.get('/ping', { onRequest: [limits.perIp], preValidation: [limits.perProject] }, async () => ({
    ok: true,
  }))
  await app.ready()
  return app
}

const ping = (app: FastifyInstance, remoteAddress: string, project?: string) =>
  app.inject({
    method: 'GET',
    url: project === undefined ? '/ping' : `/ping?project=${project}`,
    remoteAddress,
  })

describe('createRequestLimits', () => {
  it('answers the error of the address scope after the budget, with its headers and Retry-After', async () => {
    const app = await open({ perIp: 3, perProject: 100, timeWindowMs: 60_000 })
    for (const remaining of ['2', '1', '0']) {
      const allowed = await ping(app, '10.0.0.1')
      expect(allowed.statusCode).toBe(200)
      expect(allowed.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': remaining })
      expect(allowed.headers['retry-after']).toBeUndefined()
    }
    const refused = await ping(app, '10.0.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ scope: 'ip', message: 'over the ip budget' })
    expect(refused.headers['x-ratelimit-limit']).toBe('3')
    expect(refused.headers['x-ratelimit-remaining']).toBe('0')
    expect(Number(refused.headers['x-ratelimit-reset'])).toBeGreaterThan(0)
    expect(refused.headers['retry-after']).toBe(refused.headers['x-ratelimit-reset'])
    // The projectId budget was never reached: the request stopped at the address.
    expect(refused.headers['x-ratelimit-project-limit']).toBeUndefined()
    // Another address has its own budget.
    expect((await ping(app, '10.0.0.2')).statusCode).toBe(200)
  })

  it('counts each projectId across addresses, with the x-ratelimit-project headers', async () => {
    const app = await open({ perIp: 100, perProject: 2, timeWindowMs: 60_000 })
    for (const [address, remaining] of [
      ['10.0.1.1', '1'],
      ['10.0.1.2', '0'],
    ] as const) {
      const allowed = await ping(app, address, 'busy')
      expect(allowed.statusCode).toBe(200)
      expect(allowed.headers).toMatchObject({
        'x-ratelimit-project-limit': '2',
        'x-ratelimit-project-remaining': remaining,
      })
    }
    const refused = await ping(app, '10.0.1.3', 'busy')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ scope: 'project', message: 'over the project budget' })
    expect(refused.headers['x-ratelimit-project-limit']).toBe('2')
    expect(refused.headers['x-ratelimit-project-remaining']).toBe('0')
    expect(refused.headers['retry-after']).toBe(refused.headers['x-ratelimit-project-reset'])
    // Both budgets report: the address one still has room.
    expect(refused.headers).toMatchObject({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '99' })
    expect((await ping(app, '10.0.1.3', 'quiet')).statusCode).toBe(200)
  })

  it('counts a request without a projectId only against its address', async () => {
    const app = await open({ perIp: 100, perProject: 1, timeWindowMs: 60_000 })
    // Were they counted under some placeholder project, the second would be refused.
    for (let i = 0; i < 3; i++) {
      const allowed = await ping(app, '10.0.2.1')
      expect(allowed.statusCode).toBe(200)
      expect(allowed.headers['x-ratelimit-project-limit']).toBeUndefined()
    }
  })

  it('limits nothing when the settings are false', async () => {
    const app = await open(false)
    for (let i = 0; i < 5; i++) {
      const allowed = await ping(app, '10.0.3.1', 'p')
      expect(allowed.statusCode).toBe(200)
      expect(allowed.headers['x-ratelimit-limit']).toBeUndefined()
    }
  })
})
