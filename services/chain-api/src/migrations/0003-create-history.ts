import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('indexer_progress')
    .addColumn('chain_id', 'integer', (c) => c.primaryKey())
    .addColumn('last_block', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('chain_transactions')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('tx_index', 'integer', (c) => c.notNull())
    .addColumn('mined_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text')
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_transactions_pk', ['chain_id', 'hash'])
    .execute()
  // Keyed by chain + tx hash + log index, so indexing a block twice inserts nothing new.
  await db.schema
    .createTable('token_transfers')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('token', 'text')
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('token_transfers_pk', ['chain_id', 'hash', 'log_index'])
    .execute()
  await db.schema
    .createTable('account_transactions')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('tx_index', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_transactions_pk', ['chain_id', 'address', 'hash'])
    .execute()
  // A history page is a descending range scan of this index from the cursor position.
  await sql`create index account_transactions_page on account_transactions (chain_id, address, block_number desc, tx_index desc)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['account_transactions', 'token_transfers', 'chain_transactions', 'indexer_progress']) {
    await db.schema.dropTable(table).execute()
  }
}
