import { type Kysely, sql } from 'kysely'

/**
 * One-time codes are bound to the device that asked for them; mails and wrong guesses are counted per
 * address; recovery of the key shares needs a fresh step-up and is counted per user and per client.
 */
export async function up(db: Kysely<unknown>) {
  // Pending codes were not bound to a device: they are dropped (they lived ten minutes at most).
  await sql`delete from one_time_codes`.execute(db)
  await db.schema.alterTable('one_time_codes').dropConstraint('one_time_codes_pk').execute()
  await db.schema
    .alterTable('one_time_codes')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('one_time_codes')
    .addPrimaryKeyConstraint('one_time_codes_pk', ['purpose', 'subject', 'device_id'])
    .execute()
  // A link may now go to an address without an account: the account is made when the link is confirmed.
  await db.schema
    .alterTable('device_confirmations')
    .alterColumn('user_id', (c) => c.dropNotNull())
    .execute()
  await db.schema
    .createTable('address_limits')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .execute()
  await db.schema
    .createTable('address_events')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('address_events_email_kind_at')
    .on('address_events')
    .columns(['email', 'kind', 'at'])
    .execute()
  await db.schema
    .createTable('step_ups')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_ups_pk', ['user_id', 'device_id'])
    .execute()
  await db.schema
    .createTable('recovery_attempts')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('recovery_attempts_user_at')
    .on('recovery_attempts')
    .columns(['user_id', 'at'])
    .execute()
  await db.schema
    .createIndex('recovery_attempts_ip_at')
    .on('recovery_attempts')
    .columns(['client_ip', 'at'])
    .execute()
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['recovery_attempts', 'step_ups', 'address_events', 'address_limits']) {
    await db.schema.dropTable(table).execute()
  }
  await sql`delete from device_confirmations where user_id is null`.execute(db)
  await db.schema
    .alterTable('device_confirmations')
    .alterColumn('user_id', (c) => c.setNotNull())
    .execute()
  await sql`delete from one_time_codes`.execute(db)
  await db.schema.alterTable('one_time_codes').dropConstraint('one_time_codes_pk').execute()
  await db.schema.alterTable('one_time_codes').dropColumn('device_id').execute()
  await db.schema
    .alterTable('one_time_codes')
    .addPrimaryKeyConstraint('one_time_codes_pk', ['purpose', 'subject'])
    .execute()
}
