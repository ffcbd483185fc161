import type { Kysely } from 'kysely'

/**
 * Social-login flows made by the service (the id is never the client's), the sessions' last use (for the
 * idle time-out), and the Farcaster nonces already handed to a channel (each one is single-use).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('social_login_flows')
    .addColumn('flow_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'timestamptz').execute()
  await db.schema
    .createTable('farcaster_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('farcaster_nonces').execute()
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute()
  await db.schema.dropTable('social_login_flows').execute()
}
