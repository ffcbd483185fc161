import type { Kysely } from 'kysely'

/**
 * The language of a social sign-in flow (the dApp's, as the wallet frame asked for it), which the sign-in
 * window's pages are written in: null for English.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('social_login_flows').addColumn('language', 'text').execute()
}
