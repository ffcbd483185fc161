import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { parseGetWalletsQuery } from './get-wallets-query.js'
import { createExplorerServer, type ExplorerServer, parseWalletEntries, upsertWallets } from './index.js'
import { createWalletPageCache } from './wallet-page-cache.js'

let cached: ExplorerServer
let uncached: ExplorerServer

beforeAll(async () => {
  ;[cached, uncached] = await Promise.all([
    createExplorerServer({ rateLimit: false, walletCacheTtlMs: 60_000 }),
    createExplorerServer({ rateLimit: false, walletCacheTtlMs: 0 }),
  ])
})
afterAll(async () => {
  await Promise.all([cached.close(), uncached.close()])
})

const searchCount = async (server: ExplorerServer, search: string) =>
  (
    await server.app.inject({ method: 'GET', url: `/getWallets?search=${search}`, headers: CLIENT_HEADERS })
  ).json().count as number

const addWallet = (server: ExplorerServer, slug: string) =>
  upsertWallets(server.db, parseWalletEntries([{ slug, name: `Zz ${slug}`, chains: [] }]))

describe('/getWallets answer cache', () => {
  it('serves a repeated query, in any letter case, from the cache', async () => {
    expect(await searchCount(cached, 'zz')).toBe(0)
    await addWallet(cached, 'cache-late')
    expect(await searchCount(cached, 'zz')).toBe(0)
    expect(await searchCount(cached, 'ZZ')).toBe(0)
    expect(await searchCount(cached, 'cache-late')).toBe(1)
  })

  it('keeps an answer until its time is up, on the clock it is given', async () => {
    let now = 1_000
    const pages = createWalletPageCache(300, { now: () => now })
    let loads = 0
    const load = vi.fn(async () => ({ count: ++loads, rows: [] }))
    const query = parseGetWalletsQuery({ search: 'zz' })
    expect((await pages(query, load)).count).toBe(1)
    now += 299
    expect((await pages(query, load)).count).toBe(1)
    now += 1
    expect((await pages(query, load)).count).toBe(2)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('queries the database every time with a TTL of 0', async () => {
    expect(await searchCount(uncached, 'zz')).toBe(0)
    await addWallet(uncached, 'cache-now')
    expect(await searchCount(uncached, 'zz')).toBe(1)
  })
})
