import { type Kysely, Migrator, sql } from 'kysely'
import type { ChainApiDatabase } from './chain-api-database.js'
import { chainApiMigrationProvider } from './migrations/chain-api-migrations.js'

export class MigrationFailedError extends Error {
  readonly code = 'CHAIN_API_MIGRATION_FAILED'
  constructor(migration: string, cause: unknown) {
    super(`Chain API database migration ${migration} failed`, { cause })
  }
}

/** Brings the schema up to date; Kysely's migration lock makes replicas starting together safe. */
export async function migrateChainApiDatabase(db: Kysely<ChainApiDatabase>) {
  // Pin the migrations table to our schema: Kysely would otherwise find one of another install sharing the
  // database and think our tables exist.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) throw new MigrationFailedError('(none)', new Error('the search_path names no existing schema'))
  const migrator = new Migrator({
    db,
    provider: chainApiMigrationProvider,
    migrationTableSchema: schema,
    migrationTableName: 'chain_api_migrations',
    migrationLockTableName: 'chain_api_migrations_lock',
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')
    throw new MigrationFailedError(failed?.migrationName ?? '(unknown)', error)
  }
  return results ?? []
}
