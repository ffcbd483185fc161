import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('relay_messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('topic', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('tag', 'integer', (column) => column.notNull())
    .addColumn('published_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('attestation', 'text')
    .addColumn('publisher', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('relay_messages_expires_at').on('relay_messages').column('expires_at').execute()
  // Acks carry their message's expiry so one range delete purges both tables.
  await db.schema
    .createTable('relay_message_acks')
    .addColumn('message_id', 'text', (column) => column.notNull())
    .addColumn('client_id', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('relay_message_acks_pk', ['message_id', 'client_id'])
    .execute()
  await db.schema
    .createIndex('relay_message_acks_expires_at')
    .on('relay_message_acks')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('relay_message_acks').execute()
  await db.schema.dropTable('relay_messages').execute()
}
