import type { Kysely } from 'kysely'

/**
 * User-held custody: a wallet's recovery share may now be sealed on the device under the user's own
 * factor (passkey PRF or recovery code); the service stores that envelope, and its own sealed share
 * becomes optional (deleted when the wallet migrates). Step-ups recorded by sign-ins are dropped: a
 * sign-in's own code no longer counts as one.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('wallets')
    .alterColumn('recovery_share_sealed', (c) => c.dropNotNull())
    .execute()
  await db.schema
    .alterTable('wallets')
    .addColumn('recovery_kind', 'text')
    .addColumn('recovery_ciphertext', 'text')
    .addColumn('recovery_salt', 'text')
    .addColumn('recovery_credential_id', 'text')
    .execute()
  await db.deleteFrom('step_ups' as never).execute()
}

export async function down(db: Kysely<unknown>) {
  // A wallet with only a user-held recovery share cannot go back to a not-null sealed share.
  await db
    .deleteFrom('wallets' as never)
    .where('recovery_share_sealed' as never, 'is', null)
    .execute()
  await db.schema
    .alterTable('wallets')
    .dropColumn('recovery_kind')
    .dropColumn('recovery_ciphertext')
    .dropColumn('recovery_salt')
    .dropColumn('recovery_credential_id')
    .execute()
  await db.schema
    .alterTable('wallets')
    .alterColumn('recovery_share_sealed', (c) => c.setNotNull())
    .execute()
}
