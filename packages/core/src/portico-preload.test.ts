import { createExplorerServer, type ExplorerServer } from '@portico/explorer'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPortico } from './index.js'
import type { ChainAdapterFactory } from './internal.js'

const noAdapter: ChainAdapterFactory = {
  namespace: 'eip155',
  isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address),
  watchConnectors: () => () => {},
  load: async () => {
    throw new Error('not used')
  },
}

// Against the real explorer service (in-memory PGlite), over real HTTP.
describe('portico.preload', () => {
  let server: ExplorerServer
  let explorerUrl: string
  const requested: string[] = []

  beforeAll(async () => {
    server = await createExplorerServer({ rateLimit: false, walletCacheTtlMs: 0 })
    explorerUrl = await server.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => server?.close())
  afterEach(() => {
    vi.unstubAllGlobals()
    requested.length = 0
  })

  const countRequests = () => {
    const realFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      requested.push(new URL(String(input)).pathname)
      return realFetch(input, init)
    })
  }
  const create = (extra: { featuredWalletIds?: string[] } = {}) =>
    createPortico(
      { projectId: 'preload-tests', explorerUrl, networks: [1, 8453], adapters: [noAdapter], ...extra },
      { storage: undefined },
    )

  it('requests the first wallet page before the runtime has loaded, and the refresh uses that answer', async () => {
    countRequests()
    const portico = create()
    const preloading = portico.preload()
    // In the same task, before the runtime chunk: the request is already on its way.
    expect(requested).toEqual(['/getWallets'])
    expect(portico.isLoaded()).toBe(false)
    await preloading
    await portico.wallets.refresh()
    expect(requested).toEqual(['/getWallets'])
    const state = portico.wallets.store.getState()
    expect(state.status).toBe('ready')
    expect(state.all.length).toBeGreaterThan(0)
    expect(state.featured[0]?.name).toBe('Portico Test Wallet')
  })

  it("also requests the dApp's featured wallets early, with the same URLs the runtime asks for", async () => {
    countRequests()
    const bootstrap = create()
    await bootstrap.load()
    await bootstrap.wallets.refresh()
    const ids = bootstrap.wallets.store
      .getState()
      .all.slice(5, 7)
      .map((wallet) => wallet.id)
    requested.length = 0

    const portico = create({ featuredWalletIds: ids })
    await portico.preload()
    expect(requested).toEqual(['/getWallets', '/getWallets'])
    await portico.wallets.refresh()
    expect(requested).toHaveLength(2)
    expect(portico.wallets.store.getState().featured.map((wallet) => wallet.id)).toEqual(ids)
  })

  it('starts nothing early once the runtime is loading or loaded', async () => {
    countRequests()
    const portico = create()
    await portico.load()
    await portico.preload()
    expect(requested).toEqual([])
  })
})
