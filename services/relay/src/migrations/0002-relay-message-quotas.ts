import { type Kysely, sql } from 'kysely'

/** Per-publisher byte counts for storage quotas, and the indexes the database-backed mailbox reads by. */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('relay_messages')
    .addColumn('bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute()
  await sql`update relay_messages set bytes = octet_length(message) + coalesce(octet_length(attestation), 0)`.execute(
    db,
  )
  await db.schema
    .createIndex('relay_messages_topic')
    .on('relay_messages')
    .columns(['topic', 'published_at'])
    .execute()
  await db.schema
    .createIndex('relay_messages_publisher')
    .on('relay_messages')
    .columns(['publisher', 'expires_at'])
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('relay_messages_publisher').execute()
  await db.schema.dropIndex('relay_messages_topic').execute()
  await db.schema.alterTable('relay_messages').dropColumn('bytes').execute()
}
