import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletRegistry } from './data/wallet-registry.js'
import { CLIENT_HEADERS } from './explorer-test-helpers.js'
import { createExplorerServer, parseWalletEntries, upsertWallets } from './index.js'

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'explorer-persist-'))
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('persistence with a dataDir', () => {
  it('keeps wallets and events across a restart, seeding only once', async () => {
    const eventId = randomUUID()
    const first = await createExplorerServer({ dataDir, rateLimit: false })
    await upsertWallets(
      first.db,
      parseWalletEntries([{ slug: 'kept-wallet', name: 'Kept Wallet', chains: ['eip155:1'] }]),
    )
    const posted = await first.app.inject({
      method: 'POST',
      url: '/e',
      headers: CLIENT_HEADERS,
      payload: {
        eventId,
        url: 'https://d.example/',
        domain: 'd.example',
        timestamp: Date.now(),
        props: { event: 'X' },
      },
    })
    expect(posted.statusCode).toBe(204)
    await first.close()
    expect(await readdir(join(dataDir, 'explorer'))).toContain('PG_VERSION')

    const second = await createExplorerServer({ dataDir, rateLimit: false })
    try {
      const response = await second.app.inject({
        method: 'GET',
        url: '/getWallets?search=kept',
        headers: CLIENT_HEADERS,
      })
      expect(response.json().data.map((wallet: { name: string }) => wallet.name)).toEqual(['Kept Wallet'])
      const all = await second.app.inject({ method: 'GET', url: '/getWallets', headers: CLIENT_HEADERS })
      expect(all.json().count).toBe(walletRegistry.length + 1)
      const events = await second.db.selectFrom('analytics_events').select('event_id').execute()
      expect(events.map((row) => row.event_id)).toEqual([eventId])
    } finally {
      await second.close()
    }
    // Two PGlite start-ups (migrations and the wallet seed each time): seconds each on a busy machine.
  }, 90_000)

  it('starts empty again without a dataDir (in memory)', async () => {
    const memory = await createExplorerServer({ rateLimit: false })
    try {
      const response = await memory.app.inject({
        method: 'GET',
        url: '/getWallets?search=kept',
        headers: CLIENT_HEADERS,
      })
      expect(response.json()).toEqual({ count: 0, data: [] })
    } finally {
      await memory.close()
    }
  })
})
