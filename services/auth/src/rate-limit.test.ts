import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './auth-test-helpers.js'

let t: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { max: 2, timeWindowMs: 60_000 } })
})
afterAll(() => t.server.close())

const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress })

describe('request budget per client address', () => {
  it('answers RATE_LIMITED with Retry-After past the budget, the API and the Farcaster routes apart', async () => {
    for (const remaining of ['1', '0']) {
      const allowed = await get('/auth/v1/session', '10.1.0.1')
      expect(allowed.statusCode).toBe(401)
      expect(allowed.headers['x-ratelimit-remaining']).toBe(remaining)
    }
    const refused = await get('/auth/v1/session', '10.1.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests, slow down',
        retryAfterSeconds: Number(refused.headers['retry-after']),
      },
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // The Farcaster routes have their own budget; another address has its own.
    expect((await get('/farcaster/v1/channel/status', '10.1.0.1')).statusCode).not.toBe(429)
    expect((await get('/auth/v1/session', '10.1.0.2')).statusCode).toBe(401)
  })

  it('answers an unknown route and a malformed URL in the same body shape', async () => {
    const missing = await get('/auth/v1/nowhere', '10.1.1.1')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route GET /auth/v1/nowhere' } })
    const badUrl = await get('/oidc-login/github/%E0%A4%A', '10.1.1.1')
    expect(badUrl.statusCode).toBe(400)
    expect(badUrl.json().error.code).toBe('BAD_REQUEST')
  })
})
