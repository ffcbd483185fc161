import { type Kysely, type MigrationProvider, type MigrationResult, Migrator, sql } from 'kysely'

export class MigrationFailedError extends Error {
  readonly code: string
  constructor(code: string, message: string, cause: unknown) {
    super(message, { cause })
    this.code = code
  }
}

/**
 * Brings a service's schema up to date. Kysely takes a lock, so replicas starting together are safe.
 * Each service keeps its own migrations table (`<name>_migrations`), so services can share one database.
 */
export async function migrateDatabase(
  db: Kysely<unknown>,
  options: { name: string; provider: MigrationProvider; label: string },
): Promise<MigrationResult[]> {
  const code = `${options.name.toUpperCase().replace(/\W/g, '_')}_MIGRATION_FAILED`
  const fail = (migration: string, cause: unknown) =>
    new MigrationFailedError(code, `${options.label} database migration ${migration} failed`, cause)
  // Name the schema explicitly: otherwise Kysely would take a migrations table in another schema of the
  // same database (another install sharing the Postgres) as ours and skip creating it.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) throw fail('(none)', new Error('the search_path names no existing schema'))
  const table = `${options.name.replace(/\W/g, '_')}_migrations`
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
