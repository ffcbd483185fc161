import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { simpleIconSvg, web3IconSvg } from './icon-packages.js'
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
  '/public/getAssetImage/google',
  '/public/getAssetImage/farcaster',
  '/public/getAssetImage/walletconnect',
  // The ids Web3Modal 5.1.11 asks for: Ethereum's network image and WalletConnect's connector image.
  '/public/getAssetImage/ba0ba0cd-17c6-4806-ad93-f9d174f17900',
  '/public/getAssetImage/ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400',
]

const get = (url: string) => server.app.inject({ method: 'GET', url })

// Web3Modal 5.1.11's own image id of each network of spec §3, beside our CAIP-2 id for it.
const WEB3MODAL_NETWORKS: [name: string, web3ModalId: string, caipId: string, web3icon: string][] = [
  ['Ethereum', 'ba0ba0cd-17c6-4806-ad93-f9d174f17900', 'eip155:1', 'ethereum'],
  ['Optimism', 'ab9c186a-c52f-464b-2906-ca59d760a400', 'eip155:10', 'optimism'],
  ['Polygon', '41d04d42-da3b-4453-8506-668cc0727900', 'eip155:137', 'polygon'],
  ['Base', '7289c336-3981-4081-c5f4-efc26ac64a00', 'eip155:8453', 'base'],
  ['Arbitrum', '3bff954d-5cb0-47a0-9a23-d20192e74600', 'eip155:42161', 'arbitrum-one'],
  ['Celo', 'ab781bbc-ccc6-418d-d32d-789b15da1f00', 'eip155:42220', 'celo'],
  ['Aurora', '3ff73439-a619-4894-9262-4470c773a100', 'eip155:1313161554', 'aurora'],
  ['BNB Smart Chain', '93564157-2e8e-4ce7-81df-b264dbee9b00', 'eip155:56', 'binance-smart-chain'],
  ['Avalanche', '30c46e53-e989-45fb-4549-be3bd4eb3b00', 'eip155:43114', 'avalanche'],
  ['zkSync', 'b310f07f-4ef7-49f3-7073-2a0a39685800', 'eip155:324', 'zksync'],
  ['Gnosis', '02b53f6a-e3d4-479e-1cb4-21178987d100', 'eip155:100', 'gnosis'],
  ['Zora', '845c60df-d429-4991-e687-91ae45791600', 'eip155:7777777', 'zora'],
  ['Solana', 'a1b58899-f671-4276-6a5e-56ca5bd59700', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana'],
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

  it.each(WEB3MODAL_NETWORKS)(
    "%s: Web3Modal's image id and the CAIP-2 id both serve the network's logo from @web3icons/core",
    async (_name, web3ModalId, caipId, web3icon) => {
      const logo = await web3IconSvg('networks', 'background', web3icon)
      const byWeb3ModalId = await get(`/public/getAssetImage/${web3ModalId}`)
      expect(byWeb3ModalId.statusCode).toBe(200)
      expect(byWeb3ModalId.headers['content-type']).toBe('image/svg+xml')
      expect(byWeb3ModalId.body).toBe(logo)
      expect((await get(`/public/getAssetImage/${caipId}`)).body).toBe(logo)
    },
  )

  it('serves the real logos of tokens (any case) and social providers', async () => {
    expect((await get('/public/getTokenImage/usdc')).body).toBe(
      await web3IconSvg('tokens', 'branded', 'USDC'),
    )
    expect((await get('/public/getTokenImage/MATIC')).body).toBe(
      await web3IconSvg('tokens', 'branded', 'POL'),
    )
    for (const provider of ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster']) {
      const response = await get(`/public/getAssetImage/${provider}`)
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(await simpleIconSvg(provider, 'circle'))
      expect(response.body).toMatch(/<path transform="[^"]+" fill="#fff" d="M[^"]{40,}"\/>/)
    }
  })

  it("draws a wallet's logo from an icon package, and a monogram only for a wallet none covers", async () => {
    const metamask = await get(`/getWalletImage/${metamaskImage}`)
    expect(metamask.body).toBe(await web3IconSvg('wallets', 'background', 'metamask'))
    const brave = await get(`/getWalletImage/${walletImageId('brave-wallet', 'Brave Wallet')}`)
    expect(brave.body).toBe(await simpleIconSvg('brave', 'rounded'))
    const taho = await get(`/getWalletImage/${walletImageId('taho', 'Taho')}`)
    expect(taho.statusCode).toBe(200)
    expect(taho.body).toContain('>TA</text>')
  })

  it('every listed image_url resolves', async () => {
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
    '/public/getAssetImage/facebook.svg',
    '/public/getAssetImage/00000000-0000-0000-0000-000000000000',
    '/public/getAssetImage/%3Csvg%3E',
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
