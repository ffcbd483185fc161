import { type Kysely, sql } from 'kysely'

// Token transfers learn two more kinds: an ERC-20 Approval (sender = owner, recipient = spender, amount = the
// allowance) and native value moved by an internal call. Blocks indexed before carry neither, so the history
// tables are emptied and the indexer rebuilds them from the chains.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('token_transfers')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('transfer'))
    .execute()
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
  await db.schema.alterTable('token_transfers').dropColumn('kind').execute()
}
