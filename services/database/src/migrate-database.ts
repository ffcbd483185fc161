import { type Kysely, type MigrationProvider, type MigrationResult, Migrator, sql } from 'kysely'

export class MigrationFailedError extends Error {
  readonly code: string
  constructor(code: string, message: string, cause: unknown) {
    super(message, { cause })
    this.code = code
  }
}

/**
 * Brings a service's schema up to date. The schema named first in the connection's search_path (the
 * service's own, see `openDatabase`) is created under an advisory lock, and Kysely migrates under its own
 * lock, so replicas starting together are safe. Each service keeps its own migrations table
 * (`<name>_migrations`) in its schema.
 */
export async function migrateDatabase(
  db: Kysely<unknown>,
  options: { name: string; provider: MigrationProvider; label: string },
): Promise<MigrationResult[]> {
  const code = `${options.name.toUpperCase().replace(/\W/g, '_')}_MIGRATION_FAILED`
  const fail = (migration: string, cause: unknown) =>
    new MigrationFailedError(code, `${options.label} database migration ${migration} failed`, cause)
  const table = `${options.name.replace(/\W/g, '_')}_migrations`
  const schema = await createSchemaOfSearchPath(db).catch((error: unknown) => {
    throw fail('(schema)', error)
  })
  if (!schema) throw fail('(none)', new Error('the search_path names no existing schema'))
  const earlier = await earlierPublicLayout(db, schema, table)
  if (earlier)
    throw new MigrationFailedError(
      code,
      `${options.label} database: its tables are in schema public, where an earlier version kept them, and schema ${schema} has none. ` +
        `Move them (docs/deployment.md, "Upgrading a shared database") or keep them there by adding options=-c%20search_path%3Dpublic to this service's DATABASE_URL.`,
      undefined,
    )
  // Name the schema explicitly: otherwise Kysely would take a migrations table in another schema of the
  // same database (another install sharing the Postgres) as ours and skip creating it.
  const migrator = new Migrator({
    db,
    provider: options.provider,
    migrationTableSchema: schema,
    migrationTableName: table,
    migrationLockTableName: `${table}_lock`,
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')
    throw fail(failed?.migrationName ?? '(unknown)', error)
  }
  return results ?? []
}

/**
 * Creates the first schema of the search_path if it is missing and returns its name (the current schema
 * when the search_path names none but `public`). Two servers creating one schema at the same time would
 * collide on PostgreSQL's catalogue even with `if not exists`, hence the advisory lock per schema name.
 */
async function createSchemaOfSearchPath(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ path: string }>`select current_setting('search_path') as path`.execute(db)
  const first = rows[0]?.path
    .split(',')[0]
    ?.trim()
    .replace(/^"(.*)"$/, '$1')
  if (!first || first === '$user') {
    const current = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)
    return current.rows[0]?.schema ?? undefined
  }
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`portico:schema:${first}`}))`.execute(trx)
    await sql`create schema if not exists ${sql.id(first)}`.execute(trx)
  })
  return first
}

/** Whether this service's tables sit in `public` from before services had schemas of their own. */
async function earlierPublicLayout(db: Kysely<unknown>, schema: string, table: string): Promise<boolean> {
  if (schema === 'public') return false
  const { rows } = await sql<{ ours: string | null; earlier: string | null }>`
    select to_regclass(${`${schema}.${table}`})::text as ours, to_regclass(${`public.${table}`})::text as earlier`.execute(
    db,
  )
  return !rows[0]?.ours && Boolean(rows[0]?.earlier)
}
