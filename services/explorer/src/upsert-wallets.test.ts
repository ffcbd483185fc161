import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createExplorerServer,
  type ExplorerServer,
  parseWalletEntries,
  upsertWallets,
  walletIdFromSlug,
} from './index.js'
import type { WalletEntry } from './wallet-entry.js'

let server: ExplorerServer

beforeAll(async () => {
  server = await createExplorerServer({ rateLimit: false })
})
afterAll(async () => {
  await server.close()
})

describe('upsertWallets', () => {
  it('writes all entries or none when the database refuses one', async () => {
    const [good] = parseWalletEntries([{ slug: 'atomic-good', name: 'Atomic Good', chains: [] }])
    // Bypasses validation on purpose, to make the database itself fail on the second row.
    const bad = { ...good, slug: 'atomic-bad', name: null } as unknown as WalletEntry
    await expect(upsertWallets(server.db, [good as WalletEntry, bad])).rejects.toThrow()
    const rows = await server.db
      .selectFrom('wallets')
      .select('slug')
      .where('id', 'in', [walletIdFromSlug('atomic-good'), walletIdFromSlug('atomic-bad')])
      .execute()
    expect(rows).toEqual([])
  })

  it('rejects duplicate slugs in one list', () => {
    expect(() =>
      parseWalletEntries([
        { slug: 'twice', name: 'Once', chains: [] },
        { slug: 'twice', name: 'Twice', chains: [] },
      ]),
    ).toThrow("entry 1 (slug 'twice')")
  })
})
