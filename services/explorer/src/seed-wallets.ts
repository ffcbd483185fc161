import type { Kysely } from 'kysely'
import { walletRegistry } from './data/wallet-registry.js'
import type { ExplorerDatabase } from './explorer-database.js'
import { parseWalletEntries } from './upsert-wallets.js'
import { walletRow } from './wallet-rows.js'

/**
 * Inserts the seed registry. Existing rows win (`on conflict do nothing`), so it is safe on every start
 * and by several replicas at once, and never undoes what the import command changed.
 */
export async function seedWallets(db: Kysely<ExplorerDatabase>) {
  const rows = parseWalletEntries(walletRegistry).map(walletRow)
  const result = await db
    .insertInto('wallets')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}
