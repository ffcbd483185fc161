import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>) {
  // The hash of every indexed block, so the indexer sees when the chain no longer has a block it stored
  // (a devnet restarted from an older snapshot, a reset, a reorg) and removes that block's rows.
  await db.schema
    .createTable('indexed_blocks')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('indexed_blocks_pk', ['chain_id', 'number'])
    .execute()
  // History indexed before block hashes were kept cannot be checked against the chain: it is rebuilt.
  for (const table of ['account_transactions', 'token_transfers', 'chain_transactions', 'indexer_progress']) {
    await sql`delete from ${sql.table(table)}`.execute(db)
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('indexed_blocks').execute()
}
