import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>) {
  // On-ramp purchases: created with the provider URL, then paid, delivered on the chain or failed.
  await db.schema
    .createTable('onramp_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('token_address', 'text')
    .addColumn('purchase_amount', 'text', (c) => c.notNull())
    .addColumn('payment_currency', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_total', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // The on-ramp history is one address's purchases, newest first.
  await db.schema
    .createIndex('onramp_purchases_address_created')
    .on('onramp_purchases')
    .columns(['address', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('onramp_purchases').execute()
}
