import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, type ExplorerServer, walletImageId } from './index.js'

let server: ExplorerServer

beforeAll(async () => {
  server = await createExplorerServer({ rateLimit: false })
})
afterAll(async () => {
  await server.close()
})

const metamaskImage = walletImageId('metamask', 'MetaMask')

const IMAGES = [
  `/getWalletImage/${metamaskImage}`,
  '/public/getAssetImage/eip155:1',
  '/public/getAssetImage/eip155:10',
  '/public/getAssetImage/eip155:137',
  '/public/getAssetImage/eip155:8453',
  '/public/getAssetImage/eip155:42161',
  '/public/getAssetImage/eip155:11155111',
  '/public/getAssetImage/solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  '/public/getCurrencyImage/USD',
  '/public/getCurrencyImage/EUR',
  '/public/getTokenImage/ETH',
  '/public/getTokenImage/USDC',
  '/public/getTokenImage/WBTC',
  '/public/getTokenImage/MATIC',
  '/public/getTokenImage/POL',
  '/public/getTokenImage/OP',
  '/public/getTokenImage/ARB',
]

describe('images', () => {
  it.each(IMAGES)('%s is an immutable SVG with a strong ETag', async (url) => {
    const response = await server.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const etag = String(response.headers.etag)
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(response.body).not.toContain('<script')

    const again = await server.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)

    const listed = await server.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"x", W/${etag}` },
    })
    expect(listed.statusCode).toBe(304)
    const stale = await server.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"stale"' } })
    expect(stale.statusCode).toBe(200)
  })

  it('draws the wallet initials, and every listed image_url resolves', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/getWalletImage/${metamaskImage}` })
    expect(response.body).toContain('>ME</text>')
    const list = await server.app.inject({
      method: 'GET',
      url: '/getWallets?entries=100',
      headers: CLIENT_HEADERS,
    })
    const etags = new Set<string>()
    for (const wallet of list.json().data as { image_url: string }[]) {
      const image = await server.app.inject({ method: 'GET', url: new URL(wallet.image_url).pathname })
      expect(image.statusCode).toBe(200)
      etags.add(String(image.headers.etag))
    }
    expect(etags.size).toBeGreaterThan(90)
  })

  it.each([
    '/getWalletImage/00000000-0000-0000-0000-000000000000',
    '/public/getAssetImage/eip155:999999',
    '/public/getCurrencyImage/XYZ',
    '/public/getTokenImage/NOPE',
    `/public/getTokenImage/${'A'.repeat(90)}`,
  ])('%s → 404 JSON', async (url) => {
    const response = await server.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })

  it('answers an id longer than any route parameter (100) with the JSON 414 of Fastify', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/public/getTokenImage/${'A'.repeat(200)}`,
    })
    expect(response.statusCode).toBe(414)
    expect(response.json()).toMatchObject({ error: { code: 'FST_ERR_MAX_PARAM_LENGTH' } })
  })
})
