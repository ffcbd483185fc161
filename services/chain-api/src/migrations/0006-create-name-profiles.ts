import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>) {
  // A name's profile: when it last changed and its attributes (avatar, bio) as the registration signed them.
  await db.schema
    .alterTable('names')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .alterTable('names')
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute()
  // One name per spelling in any letter case, whatever wrote the row: the database refuses a second one.
  await sql`create unique index names_lower_name on names (lower(name))`.execute(db)
  // ENSIP-11: one address per coin type and name.
  await db.schema
    .createTable('name_addresses')
    .addColumn('name', 'text', (c) => c.notNull().references('names.name').onDelete('cascade'))
    .addColumn('coin_type', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('name_addresses_pk', ['name', 'coin_type'])
    .execute()
  // Reverse lookup: address → its names.
  await db.schema.createIndex('name_addresses_address').on('name_addresses').column('address').execute()
  // Every registration message accepted, by hash of its signer and text: a message counts once (no replay).
  await db.schema
    .createTable('used_name_messages')
    .addColumn('message_hash', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('used_name_messages').execute()
  await db.schema.dropTable('name_addresses').execute()
  await sql`drop index names_lower_name`.execute(db)
  await db.schema.alterTable('names').dropColumn('attributes').execute()
  await db.schema.alterTable('names').dropColumn('updated_at').execute()
}
