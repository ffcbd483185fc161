import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletRegistry } from './data/wallet-registry.js'
import { CLIENT_HEADERS, SOLANA_MAINNET } from './explorer-test-helpers.js'
import { createExplorerServer, type ExplorerServer } from './index.js'
import { walletIdFromSlug } from './wallet-ids.js'
import type { GetWalletsResponse, WalletListing } from './wallet-listing.js'

let server: ExplorerServer

beforeAll(async () => {
  server = await createExplorerServer({ rateLimit: false })
})
afterAll(async () => {
  await server.close()
})

async function getWallets(query: string, headers: Record<string, string> = {}) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/getWallets${query}`,
    headers: { ...CLIENT_HEADERS, ...headers },
  })
  return {
    status: response.statusCode,
    body: response.json() as GetWalletsResponse & { error?: { code: string; message: string } },
  }
}

const REGISTRY_SIZE = walletRegistry.length
const id = walletIdFromSlug

describe('GET /getWallets', () => {
  it('returns page 1 of 40 by default, featured test wallet first, with the full listing shape', async () => {
    const { status, body } = await getWallets('')
    expect(status).toBe(200)
    expect(body.count).toBe(REGISTRY_SIZE)
    expect(body.data).toHaveLength(40)
    const first = body.data[0] as WalletListing
    expect(Object.keys(first)).toEqual([
      'id',
      'name',
      'homepage',
      'image_id',
      'image_url',
      'order',
      'mobile_link',
      'desktop_link',
      'webapp_link',
      'app_store',
      'play_store',
      'rdns',
      'chains',
      'injected',
    ])
    expect(first).toMatchObject({
      id: id('portico-test-wallet'),
      name: 'Portico Test Wallet',
      rdns: 'dev.portico.testwallet',
      homepage: 'http://127.0.0.1:3005',
      order: 1,
    })
    expect(first.id).toMatch(/^[0-9a-f]{64}$/)
    expect(first.image_url).toBe(`http://localhost:80/getWalletImage/${first.image_id}`)
    const orders = body.data.map((wallet) => wallet.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    const metamask = body.data.find((wallet) => wallet.rdns === 'io.metamask')
    expect(metamask).toMatchObject({
      name: 'MetaMask',
      mobile_link: 'metamask://',
      injected: [{ namespace: 'eip155', injected_id: 'isMetaMask' }],
    })
    expect(body.data.find((wallet) => wallet.name === 'Ledger Live')?.injected).toBeNull()
  })

  it('builds image_url from the Host header', async () => {
    const { body } = await getWallets('?entries=1', { host: 'explorer.example:8443' })
    expect(body.data[0]?.image_url).toMatch(
      /^http:\/\/explorer\.example:8443\/getWalletImage\/[0-9a-f-]{36}$/,
    )
  })

  it('pages with page and entries, count staying the total', async () => {
    const all = await getWallets(`?entries=100`)
    const rest = await getWallets(`?entries=100&page=2`)
    expect(all.body.data).toHaveLength(100)
    expect(rest.body.data).toHaveLength(REGISTRY_SIZE - 100)
    const page3 = await getWallets('?entries=7&page=3')
    expect(page3.body.count).toBe(REGISTRY_SIZE)
    expect(page3.body.data.map((wallet) => wallet.id)).toEqual(
      all.body.data.slice(14, 21).map((wallet) => wallet.id),
    )
    const pastEnd = await getWallets('?entries=50&page=99')
    expect(pastEnd.status).toBe(200)
    expect(pastEnd.body).toEqual({ count: REGISTRY_SIZE, data: [] })
  })

  it('filters by chains: a wallet supporting any listed chain', async () => {
    const solana = await getWallets(`?entries=100&chains=${SOLANA_MAINNET}`)
    expect(solana.body.count).toBeGreaterThan(10)
    expect(solana.body.count).toBeLessThan(REGISTRY_SIZE)
    for (const wallet of solana.body.data) expect(wallet.chains).toContain(SOLANA_MAINNET)
    expect(solana.body.data.map((wallet) => wallet.name)).toContain('Solflare')
    expect(solana.body.data.map((wallet) => wallet.name)).not.toContain('MetaMask')

    const both = await getWallets(`?entries=100&chains=eip155:11155111,${SOLANA_MAINNET}`)
    const sepolia = await getWallets('?entries=100&chains=eip155:11155111')
    const names = both.body.data.map((wallet) => wallet.name)
    expect(names).toContain('MetaMask')
    expect(names).toContain('Solflare')
    expect(both.body.count).toBeGreaterThan(Math.max(solana.body.count, sepolia.body.count))

    const none = await getWallets('?chains=eip155:999999')
    expect(none.body).toEqual({ count: 0, data: [] })
  })

  it('include keeps only the listed ids; exclude drops them', async () => {
    const included = await getWallets(`?include=${id('rainbow')},${id('metamask')},${'0'.repeat(64)}`)
    expect(included.body.count).toBe(2)
    expect(included.body.data.map((wallet) => wallet.name)).toEqual(['MetaMask', 'Rainbow'])

    const excluded = await getWallets(`?entries=100&exclude=${id('metamask')},${id('portico-test-wallet')}`)
    expect(excluded.body.count).toBe(REGISTRY_SIZE - 2)
    expect(excluded.body.data.map((wallet) => wallet.name)).not.toContain('MetaMask')
    expect(excluded.body.data[0]?.name).toBe('Trust Wallet')

    const both = await getWallets(`?include=${id('rainbow')},${id('metamask')}&exclude=${id('metamask')}`)
    expect(both.body.data.map((wallet) => wallet.name)).toEqual(['Rainbow'])
  })

  it('search is case-insensitive on the name, prefix matches first, then by order', async () => {
    const { body } = await getWallets('?entries=100&search=WALLET')
    const names = body.data.map((wallet) => wallet.name)
    expect(body.count).toBe(names.length)
    for (const name of names) expect(name.toLowerCase()).toContain('wallet')
    // Nothing in the registry starts with "wallet", so it is plain order: the test wallet first.
    expect(names[0]).toBe('Portico Test Wallet')

    const trust = await getWallets('?search=tRu')
    const trustNames = trust.body.data.map((wallet) => wallet.name)
    // "Trust Wallet" and "Trustee Plus" start with "tru"; "Portico Test Wallet" does not contain it.
    expect(trustNames.slice(0, 2)).toEqual(['Trust Wallet', 'Trustee Plus'])

    const ranked = await getWallets('?search=co')
    const rankedNames = ranked.body.data.map((wallet) => wallet.name)
    const firstSubstringOnly = rankedNames.findIndex((name) => !name.toLowerCase().startsWith('co'))
    expect(firstSubstringOnly).toBeGreaterThan(0)
    for (const name of rankedNames.slice(0, firstSubstringOnly))
      expect(name.toLowerCase().startsWith('co')).toBe(true)
    for (const name of rankedNames.slice(firstSubstringOnly)) {
      expect(name.toLowerCase().startsWith('co')).toBe(false)
      expect(name.toLowerCase()).toContain('co')
    }
    // Within the prefix group, registry order decides: Coinbase Wallet (4th) before Coin98.
    expect(rankedNames[0]).toBe('Coinbase Wallet')
    // Portico Test Wallet contains "co" in the middle: after every prefix match despite order 1.
    expect(rankedNames.indexOf('Portico Test Wallet')).toBe(firstSubstringOnly)

    const literal = await getWallets(`?search=${encodeURIComponent('%_')}`)
    expect(literal.body).toEqual({ count: 0, data: [] })
  })

  it('combines filters', async () => {
    const { body } = await getWallets(
      `?search=wallet&chains=${SOLANA_MAINNET}&exclude=${id('portico-test-wallet')}`,
    )
    expect(body.count).toBeGreaterThan(0)
    for (const wallet of body.data) {
      expect(wallet.name.toLowerCase()).toContain('wallet')
      expect(wallet.chains).toContain(SOLANA_MAINNET)
      expect(wallet.id).not.toBe(id('portico-test-wallet'))
    }
  })

  it('ignores unknown query keys', async () => {
    const { status, body } = await getWallets('?entries=3&sdkVersion=1&foo=bar&platform=ios')
    expect(status).toBe(200)
    expect(body.data).toHaveLength(3)
  })

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=', 'page'],
    ['page=1&page=2', 'page'],
    ['entries=0', 'entries'],
    ['entries=101', 'entries'],
    ['entries=2.5', 'entries'],
    ['entries=ten', 'entries'],
    ['entries=-5', 'entries'],
    ['entries=1e2', 'entries'],
  ])('rejects %s with 400 naming %s', async (query, name) => {
    const { status, body } = await getWallets(`?${query}`)
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: { code: 'INVALID_QUERY' } })
    expect(body.error?.message).toContain(name)
  })

  it.each([
    ['chains=ethereum', 'chains'],
    ['include=metamask', 'include'],
    ['exclude=123', 'exclude'],
    [`search=${'a'.repeat(101)}`, 'search'],
  ])('rejects malformed %s with 400', async (query, name) => {
    const { status, body } = await getWallets(`?${query}`)
    expect(status).toBe(400)
    expect(body.error?.message).toContain(name)
  })
})
