import type { Kysely } from 'kysely'

/** A channel opened for a login is bound to the frame's device; relay-only channels leave it null. */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('farcaster_channels').addColumn('device_id', 'text').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('farcaster_channels').dropColumn('device_id').execute()
}
