import { MigrationFailedError, migrateDatabase } from '@portico/database'
import type { Kysely } from 'kysely'
import type { ExplorerDatabase } from './explorer-database.js'
import { explorerMigrationProvider } from './migrations/explorer-migrations.js'

export { MigrationFailedError }

/** Brings the explorer's schema up to date (code EXPLORER_MIGRATION_FAILED on failure). */
export function migrateExplorerDatabase(db: Kysely<ExplorerDatabase>) {
  return migrateDatabase(db as Kysely<unknown>, {
    name: 'explorer',
    label: 'Explorer',
    provider: explorerMigrationProvider,
  })
}
