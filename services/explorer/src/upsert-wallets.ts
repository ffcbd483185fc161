import { type Kysely, sql } from 'kysely'
import { z } from 'zod'
import type { ExplorerDatabase } from './explorer-database.js'
import { ExplorerError } from './explorer-errors.js'
import { type WalletEntry, walletEntrySchema } from './wallet-entry.js'
import { walletRow } from './wallet-rows.js'

export class InvalidWalletEntryError extends ExplorerError {
  constructor(message: string) {
    super('INVALID_WALLET_ENTRY', 400, message, 'Fix the entry named above; nothing was written.')
  }
}

/** Validates a whole list first and names the first bad entry by position and slug. */
export function parseWalletEntries(input: unknown): WalletEntry[] {
  if (!Array.isArray(input)) {
    throw new InvalidWalletEntryError('Expected a JSON array of wallet listings')
  }
  const entries: WalletEntry[] = []
  const seen = new Set<string>()
  input.forEach((candidate, index) => {
    const slug = (candidate as { slug?: unknown } | null)?.slug
    const label = `entry ${index}${typeof slug === 'string' ? ` (slug '${slug}')` : ''}`
    const parsed = walletEntrySchema.safeParse(candidate)
    if (!parsed.success) {
      throw new InvalidWalletEntryError(
        `Invalid wallet ${label}: ${z.prettifyError(parsed.error).replaceAll('\n', '; ')}`,
      )
    }
    if (seen.has(parsed.data.slug)) {
      throw new InvalidWalletEntryError(`Invalid wallet ${label}: slug appears more than once`)
    }
    seen.add(parsed.data.slug)
    entries.push(parsed.data)
  })
  return entries
}

/** Inserts or replaces listings by slug, all in one transaction: either every entry lands or none. */
export async function upsertWallets(db: Kysely<ExplorerDatabase>, entries: WalletEntry[]) {
  if (entries.length === 0) return 0
  const rows = entries.map(walletRow)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('wallets')
      .values(rows)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          homepage: eb.ref('excluded.homepage'),
          image_id: eb.ref('excluded.image_id'),
          sort_order: eb.ref('excluded.sort_order'),
          mobile_link: eb.ref('excluded.mobile_link'),
          desktop_link: eb.ref('excluded.desktop_link'),
          webapp_link: eb.ref('excluded.webapp_link'),
          app_store: eb.ref('excluded.app_store'),
          play_store: eb.ref('excluded.play_store'),
          rdns: eb.ref('excluded.rdns'),
          chains: eb.ref('excluded.chains'),
          injected: eb.ref('excluded.injected'),
          updated_at: sql<string>`now()`,
        })),
      )
      .execute()
  })
  return rows.length
}
