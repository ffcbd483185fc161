import { createExplorerServer, type ExplorerServer } from '@portico/explorer'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createExplorerClient, type ExplorerClient } from '../../clients/explorer-client.js'
import { createAnalytics } from '../analytics/analytics.js'
import { createWalletsController, WALLETS_CACHE_STORAGE_KEY } from './wallets-controller.js'

class MemoryStorage {
  map = new Map<string, string>()
  getItem = (key: string) => this.map.get(key) ?? null
  setItem = (key: string, value: string) => void this.map.set(key, value)
  removeItem = (key: string) => void this.map.delete(key)
}

const list = { chains: ['eip155:1'], featuredWalletIds: [], includeWalletIds: [], excludeWalletIds: [] }

// Against the real explorer service (in-memory PGlite), over real HTTP.
describe('wallets controller', () => {
  let server: ExplorerServer
  let baseUrl: string
  let client: ExplorerClient

  beforeAll(async () => {
    server = await createExplorerServer({ rateLimit: false, walletCacheTtlMs: 0 })
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 })
    client = createExplorerClient({ baseUrl, projectId: 'core-tests' })
  })
  afterAll(() => server?.close())

  it('loads featured (4), recommended (4) and the first page, and saves them', async () => {
    const storage = new MemoryStorage()
    const wallets = createWalletsController({ client, storage, list })
    expect(wallets.store.getState().status).toBe('idle')
    await wallets.refresh()
    const state = wallets.store.getState()
    expect(state.status).toBe('ready')
    expect(state.featured).toHaveLength(4)
    expect(state.featured[0]?.name).toBe('Portico Test Wallet')
    expect(state.recommended).toHaveLength(4)
    expect(state.recommended.some((wallet) => state.featured.includes(wallet))).toBe(false)
    expect(state.all).toHaveLength(40)
    expect(state.count).toBeGreaterThan(100)
    expect(JSON.parse(storage.getItem(WALLETS_CACHE_STORAGE_KEY) ?? '{}').all).toHaveLength(40)
  })

  it('pages through all wallets 40 at a time without duplicates', async () => {
    const wallets = createWalletsController({ client, storage: undefined, list })
    await wallets.refresh()
    await wallets.loadMore()
    const { all, count } = wallets.store.getState()
    expect(all).toHaveLength(Math.min(80, count))
    expect(new Set(all.map((wallet) => wallet.id)).size).toBe(all.length)
  })

  it('keeps the featured wallets in the order the dApp chose', async () => {
    const first = createWalletsController({ client, storage: undefined, list })
    await first.refresh()
    const picked = [first.store.getState().all[7]?.id, first.store.getState().all[3]?.id] as string[]
    const wallets = createWalletsController({
      client,
      storage: undefined,
      list: { ...list, featuredWalletIds: picked },
    })
    await wallets.refresh()
    expect(wallets.store.getState().featured.map((wallet) => wallet.id)).toEqual(picked)
  })

  it('searches by name, prefix matches first', async () => {
    const wallets = createWalletsController({ client, storage: undefined, list })
    await wallets.search('meta')
    const { search } = wallets.store.getState()
    expect(search.status).toBe('ready')
    expect(search.results[0]?.name).toBe('MetaMask')
  })

  it('shows the saved list when the explorer cannot be reached', async () => {
    const storage = new MemoryStorage()
    await createWalletsController({ client, storage, list }).refresh()
    // A network failure, as fetch reports it, without touching the network.
    const unreachable = createExplorerClient({
      baseUrl: 'http://explorer.test',
      projectId: 'core-tests',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    })
    const wallets = createWalletsController({ client: unreachable, storage, list })
    expect(wallets.store.getState()).toMatchObject({ status: 'ready' })
    expect(wallets.store.getState().featured).toHaveLength(4)
    await wallets.refresh()
    expect(wallets.store.getState()).toMatchObject({ status: 'ready', offline: true })

    const empty = createWalletsController({ client: unreachable, storage: undefined, list })
    await empty.refresh()
    expect(empty.store.getState()).toMatchObject({ status: 'error', offline: true })
  })

  it('rejects a bad answer with a clear error', async () => {
    const bad = createExplorerClient({ baseUrl, projectId: 'has spaces' })
    await expect(bad.getWallets({ page: 1, entries: 4 })).rejects.toThrow('HTTP status code: 400')
  })
})

describe('analytics', () => {
  let server: ExplorerServer
  let client: ExplorerClient

  beforeAll(async () => {
    server = await createExplorerServer({ rateLimit: false })
    const baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 })
    client = createExplorerClient({ baseUrl, projectId: 'analytics-tests' })
  })
  afterAll(() => server?.close())

  const stored = async () =>
    (
      await server.db.selectFrom('analytics_events').select(['event', 'project_id', 'domain']).execute()
    ).filter((row) => row.project_id === 'analytics-tests')

  it('posts events queued before the service confirmed analytics is on', async () => {
    const analytics = createAnalytics({
      client,
      enabled: true,
      location: () => ({ href: 'http://dapp.test/page', host: 'dapp.test' }),
    })
    analytics.track('MODAL_OPEN')
    analytics.start()
    analytics.track('SELECT_WALLET', { name: 'MetaMask' })
    await expect
      .poll(async () => (await stored()).map((row) => row.event).sort())
      .toEqual(['MODAL_OPEN', 'SELECT_WALLET'])
    expect((await stored())[0]?.domain).toBe('dapp.test')
  })

  it('sends nothing when the dApp turned analytics off', async () => {
    const before = (await stored()).length
    const asked = vi.spyOn(client, 'getAnalyticsConfig')
    const sent = vi.spyOn(client, 'sendEvent')
    const analytics = createAnalytics({ client, enabled: false })
    analytics.start()
    analytics.track('MODAL_CLOSE')
    // Turned on, start() asks the service at once and events wait for its answer: off, it never asks.
    expect(asked).not.toHaveBeenCalled()
    expect(sent).not.toHaveBeenCalled()
    expect(await stored()).toHaveLength(before)
    asked.mockRestore()
    sent.mockRestore()
  })
})
