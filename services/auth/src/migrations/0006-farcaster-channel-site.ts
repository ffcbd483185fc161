import type { Kysely } from 'kysely'

/** The dApp origin a login channel was opened for, named on the approval page (null for relay channels). */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('farcaster_channels').addColumn('site', 'text').execute()
}
