import type { Migration, MigrationProvider } from 'kysely'
import * as createWallets from './0001-create-wallets.js'
import * as createAnalyticsEvents from './0002-create-analytics-events.js'

/** Migrations live in code (not read from a folder at run time) so they ship inside any bundle. */
export const explorerMigrations: Record<string, Migration> = {
  '0001-create-wallets': createWallets,
  '0002-create-analytics-events': createAnalyticsEvents,
}

export const explorerMigrationProvider: MigrationProvider = {
  getMigrations: async () => explorerMigrations,
}
