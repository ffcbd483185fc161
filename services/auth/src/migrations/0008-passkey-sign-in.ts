import type { Kysely } from 'kysely'

/**
 * Passkey sign-in: the passkeys that sign an account in (public key and signature counter; the private
 * key never leaves the visitor's authenticator), and the single-use challenges of the ceremonies.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('passkey_credentials')
    .addColumn('credential_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    // WebAuthn's counter is an unsigned 32-bit number: wider than a PostgreSQL integer.
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('passkey_credentials_user')
    .on('passkey_credentials')
    .column('user_id')
    .execute()
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('passkey_challenges_expiry')
    .on('passkey_challenges')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('passkey_challenges').execute()
  await db.schema.dropTable('passkey_credentials').execute()
}
