import { type Kysely, sql } from 'kysely'
import type { BlockActivity } from './block-activity.js'
import type { ChainApiDatabase } from './chain-api-database.js'

// Stay well under Postgres' 65535 bind parameters per statement.
const ROWS_PER_INSERT = 2_000

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT))
  return out
}

/**
 * Writes a range of blocks and moves the chain's progress to `lastBlock` in one transaction: after a crash
 * either both are there or neither. Inserts ignore rows already present (keyed by chain + hash + log
 * index), so indexing a range twice — a restart, or two replicas racing — adds no duplicate.
 */
export async function storeBlockActivity(
  db: Kysely<ChainApiDatabase>,
  chainId: number,
  activity: BlockActivity,
  lastBlock: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const rows of chunks(activity.transactions)) {
      await trx
        .insertInto('chain_transactions')
        .values(rows)
        .onConflict((c) => c.columns(['chain_id', 'hash']).doNothing())
        .execute()
    }
    for (const rows of chunks(activity.transfers)) {
      await trx
        .insertInto('token_transfers')
        .values(rows)
        .onConflict((c) => c.columns(['chain_id', 'hash', 'log_index']).doNothing())
        .execute()
    }
    for (const rows of chunks(activity.participants)) {
      await trx
        .insertInto('account_transactions')
        .values(rows)
        .onConflict((c) => c.columns(['chain_id', 'address', 'hash']).doNothing())
        .execute()
    }
    // greatest(): a replica that fell behind never moves another's progress backwards.
    await trx
      .insertInto('indexer_progress')
      .values({ chain_id: chainId, last_block: lastBlock })
      .onConflict((c) =>
        c.column('chain_id').doUpdateSet({
          last_block: sql`greatest(indexer_progress.last_block, excluded.last_block)`,
          updated_at: sql`now()`,
        }),
      )
      .execute()
  })
}

/** Highest block stored for a chain; -1 when indexing has not started. */
export async function readLastIndexedBlock(db: Kysely<ChainApiDatabase>, chainId: number): Promise<number> {
  const row = await db
    .selectFrom('indexer_progress')
    .select('last_block')
    .where('chain_id', '=', chainId)
    .executeTakeFirst()
  return row ? Number(row.last_block) : -1
}
