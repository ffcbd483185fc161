import type { Kysely } from 'kysely'

/**
 * The client that acknowledged a message before its row was written: kept on the row itself, so the
 * usual case (the one peer online, acking within a millisecond) costs no row in relay_message_acks.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('relay_messages').addColumn('acked_by', 'text').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('relay_messages').dropColumn('acked_by').execute()
}
