import { MigrationFailedError, migrateDatabase } from '@portico/database'
import type { Kysely } from 'kysely'
import type { ChainApiDatabase } from './chain-api-database.js'
import { chainApiMigrationProvider } from './migrations/chain-api-migrations.js'

export { MigrationFailedError }

/** Brings the chain API's schema up to date (code CHAIN_API_MIGRATION_FAILED on failure). */
export function migrateChainApiDatabase(db: Kysely<ChainApiDatabase>) {
  return migrateDatabase(db as Kysely<unknown>, {
    name: 'chain_api',
    label: 'Chain API',
    provider: chainApiMigrationProvider,
  })
}
