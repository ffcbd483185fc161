import { type Kysely, sql } from 'kysely'

// No column for an IP or a wallet address, on purpose: analytics must not identify a visitor.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('analytics_events')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('sdk_type', 'text', (c) => c.notNull())
    .addColumn('sdk_version', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('event_type', 'text')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('properties', 'jsonb')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('analytics_events_project_received')
    .on('analytics_events')
    .columns(['project_id', 'received_at'])
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('analytics_events').execute()
}
