import type { Kysely } from 'kysely'

/**
 * Mail waiting to go out, written in the same transaction as the code or link it carries: a replica that
 * dies between committing and mailing leaves the mail to the next sweep of any replica. The mail itself is
 * sealed with the master key (a code must not sit readable in the database) and deleted once sent.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').column('next_attempt_at').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('mail_outbox').execute()
}
