import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('wallets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('homepage', 'text')
    .addColumn('image_id', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('mobile_link', 'text')
    .addColumn('desktop_link', 'text')
    .addColumn('webapp_link', 'text')
    .addColumn('app_store', 'text')
    .addColumn('play_store', 'text')
    .addColumn('rdns', 'text')
    .addColumn('chains', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('injected', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Listing order is (sort_order, name); the chains filter uses array overlap, which a GIN index serves.
  await db.schema
    .createIndex('wallets_sort_order_name')
    .on('wallets')
    .columns(['sort_order', 'name'])
    .execute()
  await db.schema.createIndex('wallets_chains').on('wallets').using('gin').column('chains').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('wallets').execute()
}
