import { type Kysely, sql } from 'kysely'

/**
 * A social sign-in is finished only in the browser that started it: the provider's callback must carry
 * the cookie the start set, whose hash the flow keeps.
 */
export async function up(db: Kysely<unknown>) {
  // Flows in progress were not bound to a browser: they are dropped (they lived ten minutes at most).
  await sql`delete from social_flows`.execute(db)
  await db.schema
    .alterTable('social_flows')
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .execute()
}
