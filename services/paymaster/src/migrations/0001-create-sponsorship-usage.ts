import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>) {
  // One row per project, chain and UTC day: a reservation updates it in one statement.
  await db.schema
    .createTable('sponsorship_usage')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('ops', 'integer', (c) => c.notNull())
    .addColumn('wei', 'numeric(78, 0)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sponsorship_usage_pkey', ['project_id', 'chain_id', 'day'])
    .execute()
}
