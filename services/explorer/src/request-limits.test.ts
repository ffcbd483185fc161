import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, type ExplorerServer } from './index.js'

let server: ExplorerServer

beforeAll(async () => {
  server = await createExplorerServer({ rateLimit: { perIp: 6, perProject: 3, timeWindowMs: 60_000 } })
})
afterAll(async () => {
  await server.close()
})

const call = (projectId: string, remoteAddress: string, url = '/getAnalyticsConfig') =>
  server.app.inject({
    method: 'GET',
    url,
    headers: { ...CLIENT_HEADERS, 'x-project-id': projectId },
    remoteAddress,
  })

describe('rate limits', () => {
  it('limits each project id, whatever address it calls from', async () => {
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await call('busy-project', address)).statusCode).toBe(200)
    }
    const limited = await call('busy-project', '10.0.0.4')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['content-type']).toMatch(/^application\/json/)
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } })
    expect(limited.json().error.message).toContain('project id')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().error.retryAfterSeconds).toBe(Number(limited.headers['retry-after']))
    // Another project from a fresh address is unaffected.
    expect((await call('quiet-project', '10.0.0.5')).statusCode).toBe(200)
  })

  it('limits each client address across projects, image routes included', async () => {
    const address = '10.0.1.1'
    for (let i = 0; i < 5; i++) expect((await call(`project-${i}`, address)).statusCode).toBe(200)
    const image = await server.app.inject({
      method: 'GET',
      url: '/public/getTokenImage/ETH',
      remoteAddress: address,
    })
    expect(image.statusCode).toBe(200)
    const limited = await call('project-9', address)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.message).toContain('client address')
    const limitedImage = await server.app.inject({
      method: 'GET',
      url: '/public/getTokenImage/ETH',
      remoteAddress: address,
    })
    expect(limitedImage.statusCode).toBe(429)
    expect((await call('project-9', '10.0.1.2')).statusCode).toBe(200)
  })
})
