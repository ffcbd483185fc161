import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, type ExplorerServer } from './index.js'

let server: ExplorerServer

beforeAll(async () => {
  server = await createExplorerServer({ rateLimit: false })
})
afterAll(async () => {
  await server.close()
})

// PostgreSQL text cannot hold U+0000: before the guard these reached the database and came back as 500s.
describe('a NUL byte in a request', () => {
  it.each([
    '/getWallets?search=%00',
    '/getWallets?search=meta%00mask',
    '/getWallets?include=%00',
    '/getWallets?exclude=metamask,%00',
    '/getWallets?page=1&entries=10&chains=eip155:1%00',
    '/getAnalyticsConfig?x=%00',
    '/getWalletImage/%00',
    '/getWalletImage/abc%00def',
    '/public/getAssetImage/%00',
    '/public/getCurrencyImage/US%00D',
    '/public/getTokenImage/ETH%00',
  ])('GET %s → 400 NUL_BYTE with a clear message', async (url) => {
    const response = await server.app.inject({ method: 'GET', url, headers: CLIENT_HEADERS })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: {
        code: 'NUL_BYTE',
        message: 'The request URL contains a NUL byte (%00 or \\u0000), which no field accepts',
      },
    })
  })

  it('in an analytics event body → 400 NUL_BYTE, and nothing is stored', async () => {
    const before = await server.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    const response = await server.app.inject({
      method: 'POST',
      url: '/e',
      headers: CLIENT_HEADERS,
      payload: {
        eventId: randomUUID(),
        url: 'https://dapp.example/',
        domain: 'dapp.example',
        timestamp: Date.now(),
        props: { type: 'track', event: 'MODAL_OPEN', properties: { note: 'a\u0000b' } },
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      error: { code: 'NUL_BYTE', message: expect.stringContaining('body') },
    })
    const after = await server.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    expect(after).toEqual(before)
  })

  it('answers with CORS headers, so the page can read why', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/getWallets?search=%00',
      headers: { ...CLIENT_HEADERS, origin: 'http://localhost:3000' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000')
  })

  it('leaves ordinary searches alone', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/getWallets?search=meta',
      headers: CLIENT_HEADERS,
    })
    expect(response.statusCode).toBe(200)
  })
})
