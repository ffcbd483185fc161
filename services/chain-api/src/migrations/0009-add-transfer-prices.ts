import { type Kysely, sql } from 'kysely'

// Each transfer keeps the price its token had at its block, so Activity shows the fiat value of the time
// rather than today's. Blocks indexed before have no price, so the history tables are emptied and the
// indexer rebuilds them from the chains, pricing each block as it goes.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('token_transfers').addColumn('usd_price', 'double precision').execute()
  for (const table of [
    'account_transactions',
    'token_transfers',
    'chain_transactions',
    'indexed_blocks',
    'indexer_progress',
  ]) {
    await sql`delete from ${sql.table(table)}`.execute(db)
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('token_transfers').dropColumn('usd_price').execute()
}
