import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, type ExplorerServer, parseWalletEntries, upsertWallets } from './index.js'

let cached: ExplorerServer
let uncached: ExplorerServer

beforeAll(async () => {
  ;[cached, uncached] = await Promise.all([
    createExplorerServer({ rateLimit: false, walletCacheTtlMs: 300 }),
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
  it('serves a repeated query from the cache until its time is up', async () => {
    expect(await searchCount(cached, 'zz')).toBe(0)
    await addWallet(cached, 'cache-late')
    expect(await searchCount(cached, 'zz')).toBe(0)
    expect(await searchCount(cached, 'ZZ')).toBe(0)
    await sleep(350)
    expect(await searchCount(cached, 'zz')).toBe(1)
  })

  it('queries the database every time with a TTL of 0', async () => {
    expect(await searchCount(uncached, 'zz')).toBe(0)
    await addWallet(uncached, 'cache-now')
    expect(await searchCount(uncached, 'zz')).toBe(1)
  })
})
