import { type Kysely, Migrator, sql } from 'kysely'
import type { ExplorerDatabase } from './explorer-database.js'
import { explorerMigrationProvider } from './migrations/explorer-migrations.js'

export class MigrationFailedError extends Error {
  readonly code = 'EXPLORER_MIGRATION_FAILED'
  constructor(migration: string, cause: unknown) {
    super(`Explorer database migration ${migration} failed`, { cause })
  }
}

/** Brings the schema up to date. Kysely takes an advisory lock, so replicas starting together are safe. */
export async function migrateExplorerDatabase(db: Kysely<ExplorerDatabase>) {
  // Name the schema explicitly: otherwise Kysely would take a migrations table in any other schema of the
  // same database (another install sharing the Postgres) as ours and skip creating it.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) throw new MigrationFailedError('(none)', new Error('the search_path names no existing schema'))
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: explorerMigrationProvider,
    migrationTableName: 'explorer_migrations',
    migrationLockTableName: 'explorer_migrations_lock',
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')
    throw new MigrationFailedError(failed?.migrationName ?? '(unknown)', error)
  }
  return results ?? []
}
