import type { Migration, MigrationProvider } from 'kysely'
import * as createRelayMessages from './0001-create-relay-messages.js'
import * as relayMessageQuotas from './0002-relay-message-quotas.js'

/** Migrations live in code (not read from a folder at run time) so they ship inside any bundle. */
export const relayMigrations: Record<string, Migration> = {
  '0001-create-relay-messages': createRelayMessages,
  '0002-relay-message-quotas': relayMessageQuotas,
}

export const relayMigrationProvider: MigrationProvider = {
  getMigrations: async () => relayMigrations,
}
