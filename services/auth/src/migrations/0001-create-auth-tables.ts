import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('user_name', 'text')
    .addColumn('social_provider', 'text')
    .addColumn('social_subject', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('users_social', ['social_provider', 'social_subject'])
    .execute()
  await db.schema
    .createTable('devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('trusted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('devices_pk', ['user_id', 'device_id'])
    .execute()
  await db.schema
    .createTable('one_time_codes')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text')
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('one_time_codes_pk', ['purpose', 'subject'])
    .execute()
  await db.schema
    .createTable('device_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('device_confirmations_email_device')
    .on('device_confirmations')
    .columns(['email', 'device_id'])
    .execute()
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('sessions_user_device')
    .on('sessions')
    .columns(['user_id', 'device_id'])
    .execute()
  await db.schema
    .createTable('wallets')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('auth_share', 'text', (c) => c.notNull())
    .addColumn('recovery_share_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('social_flows')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('login_results')
    .addColumn('flow_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('redeemed_at', 'timestamptz')
    .execute()
  await db.schema
    .createTable('farcaster_accounts')
    .addColumn('fid', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .execute()
  await db.schema
    .createTable('farcaster_channels')
    .addColumn('channel_token', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('uri', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('signature', 'text')
    .addColumn('fid', 'integer')
    .addColumn('username', 'text')
    .addColumn('display_name', 'text')
    .addColumn('pfp_url', 'text')
    .addColumn('custody', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'farcaster_channels',
    'farcaster_accounts',
    'login_results',
    'social_flows',
    'wallets',
    'sessions',
    'device_confirmations',
    'one_time_codes',
    'devices',
    'users',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
