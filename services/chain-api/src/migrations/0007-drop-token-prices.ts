import { type Kysely, sql } from 'kysely'

// Prices come from the Uniswap V2 pools of each chain now; the hand-set table goes.
export async function up(db: Kysely<unknown>) {
  await db.schema.dropTable('token_prices').ifExists().execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema
    .createTable('token_prices')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('price_usd', 'double precision', (c) => c.notNull().check(sql`price_usd >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
