import { MigrationFailedError, migrateDatabase } from '@portico/database'
import type { Kysely } from 'kysely'
import type { AuthDatabase } from './auth-database.js'
import { authMigrationProvider } from './migrations/auth-migrations.js'

export { MigrationFailedError }

/** Brings the auth schema up to date (code AUTH_MIGRATION_FAILED on failure). */
export function migrateAuthDatabase(db: Kysely<AuthDatabase>) {
  return migrateDatabase(db as Kysely<unknown>, {
    name: 'auth',
    label: 'Auth',
    provider: authMigrationProvider,
  })
}
