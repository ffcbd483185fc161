import type { Kysely, Transaction } from 'kysely'
import type { BlockActivity } from './block-activity.js'
import type { ChainApiDatabase } from './chain-api-database.js'

// Stay well under Postgres' 65535 bind parameters per statement.
const ROWS_PER_INSERT = 2_000

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT))
  return out
}

/** A run of consecutive blocks, each linked to the one before it. */
export interface IndexedRange {
  /** Hash the block before the first must have in the database (undefined when the range starts at 0). */
  parentHash: string | undefined
  blocks: readonly { number: number; hash: string }[]
  activity: BlockActivity
  /**
   * A sparse range: it covers the heights `from`..`to`, of which `blocks` are the ones kept (a Solana
   * cluster's slots that hold transactions), and its parent is the highest block stored below `from`.
   * Without it the range is `blocks`, every height of it present.
   */
  span?: { from: number; to: number } | undefined
}

/**
 * Locks a chain's progress row for the rest of the transaction and returns it: every writer of a chain's
 * history goes through this lock, so two replicas (or a rewind and a step) never interleave.
 */
async function lockProgress(trx: Transaction<ChainApiDatabase>, chainId: number): Promise<number> {
  await trx
    .insertInto('indexer_progress')
    .values({ chain_id: chainId, last_block: -1 })
    .onConflict((c) => c.column('chain_id').doNothing())
    .execute()
  const row = await trx
    .selectFrom('indexer_progress')
    .select('last_block')
    .where('chain_id', '=', chainId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  return Number(row.last_block)
}

/**
 * Writes a range's rows and block hashes and moves the chain's progress to its last block, in one
 * transaction: after a crash either all of it is there or none. The range is written only if it extends
 * exactly what is stored (progress is the block before it, whose stored hash is the range's parent);
 * otherwise nothing is written and false comes back (another writer moved first, or the chain changed).
 */
export async function storeBlockActivity(
  db: Kysely<ChainApiDatabase>,
  chainId: number,
  range: IndexedRange,
): Promise<boolean> {
  const { span } = range
  const from = span?.from ?? range.blocks[0]?.number
  const to = span?.to ?? range.blocks.at(-1)?.number
  if (from === undefined || to === undefined) return true
  return db.transaction().execute(async (trx) => {
    if ((await lockProgress(trx, chainId)) !== from - 1) return false
    if (from > 0) {
      const stored = trx.selectFrom('indexed_blocks').select('hash').where('chain_id', '=', chainId)
      const parent = await (span
        ? stored.where('number', '<', String(from)).orderBy('number', 'desc').limit(1)
        : stored.where('number', '=', String(from - 1))
      ).executeTakeFirst()
      if (parent?.hash !== range.parentHash) return false
    }
    const { activity } = range
    // Rows of a rewound block were deleted with it, so a transaction re-mined elsewhere finds no old row.
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
    for (const rows of chunks(range.blocks)) {
      await trx
        .insertInto('indexed_blocks')
        .values(rows.map((block) => ({ chain_id: chainId, number: block.number, hash: block.hash })))
        .onConflict((c) =>
          c.columns(['chain_id', 'number']).doUpdateSet((eb) => ({ hash: eb.ref('excluded.hash') })),
        )
        .execute()
    }
    await trx
      .updateTable('indexer_progress')
      .set({ last_block: to, updated_at: new Date() })
      .where('chain_id', '=', chainId)
      .execute()
    return true
  })
}

/**
 * Deletes everything stored above block `keep` (the last block the chain still holds as stored; -1 for
 * none) and moves progress back to it, in one transaction. Returns how many blocks were removed.
 */
export async function rewindBlockActivity(
  db: Kysely<ChainApiDatabase>,
  chainId: number,
  keep: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const last = await lockProgress(trx, chainId)
    if (last <= keep) return 0
    const orphaned = trx
      .selectFrom('chain_transactions')
      .select('hash')
      .where('chain_id', '=', chainId)
      .where('block_number', '>', String(keep))
    await trx
      .deleteFrom('token_transfers')
      .where('chain_id', '=', chainId)
      .where('hash', 'in', orphaned)
      .execute()
    for (const table of ['account_transactions', 'chain_transactions'] as const) {
      await trx
        .deleteFrom(table)
        .where('chain_id', '=', chainId)
        .where('block_number', '>', String(keep))
        .execute()
    }
    await trx
      .deleteFrom('indexed_blocks')
      .where('chain_id', '=', chainId)
      .where('number', '>', String(keep))
      .execute()
    await trx
      .updateTable('indexer_progress')
      .set({ last_block: keep, updated_at: new Date() })
      .where('chain_id', '=', chainId)
      .execute()
    return last - keep
  })
}

/** Stored hashes of a chain's blocks from..to, by number. */
export async function readIndexedHashes(
  db: Kysely<ChainApiDatabase>,
  chainId: number,
  from: number,
  to: number,
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('indexed_blocks')
    .select(['number', 'hash'])
    .where('chain_id', '=', chainId)
    .where('number', '>=', String(from))
    .where('number', '<=', String(to))
    .execute()
  return new Map(rows.map((row) => [Number(row.number), row.hash]))
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

/** The highest block stored for a chain at or below `atMost`, or undefined when none is. */
export async function readHighestIndexedBlock(
  db: Kysely<ChainApiDatabase>,
  chainId: number,
  atMost: number,
): Promise<{ number: number; hash: string } | undefined> {
  const row = await db
    .selectFrom('indexed_blocks')
    .select(['number', 'hash'])
    .where('chain_id', '=', chainId)
    .where('number', '<=', String(atMost))
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { number: Number(row.number), hash: row.hash } : undefined
}
