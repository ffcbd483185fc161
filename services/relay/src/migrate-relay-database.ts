import { migrateDatabase } from '@portico/database'
import type { Kysely } from 'kysely'
import { relayMigrationProvider } from './migrations/relay-migrations.js'
import type { RelayDatabase } from './relay-database.js'

/** Brings the relay schema up to date (code RELAY_MIGRATION_FAILED on failure). */
export function migrateRelayDatabase(db: Kysely<RelayDatabase>) {
  return migrateDatabase(db as Kysely<unknown>, {
    name: 'relay',
    label: 'Relay',
    provider: relayMigrationProvider,
  })
}
