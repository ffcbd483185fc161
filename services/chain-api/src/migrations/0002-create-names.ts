import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('names')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Identity is a reverse lookup: address → its most recent name.
  await db.schema
    .createIndex('names_address_created')
    .on('names')
    .columns(['address', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('names').execute()
}
