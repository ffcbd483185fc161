import type { Migration, MigrationProvider } from 'kysely'
import * as createRelayMessages from './0001-create-relay-messages.js'
import * as relayMessageQuotas from './0002-relay-message-quotas.js'
import * as relayMessageFirstAck from './0003-relay-message-first-ack.js'

/** Migrations live in code (not read from a folder at run time) so they ship inside any bundle. */
export const relayMigrations: Record<string, Migration> = {
  '0001-create-relay-messages': createRelayMessages,
  '0002-relay-message-quotas': relayMessageQuotas,
  '0003-relay-message-first-ack': relayMessageFirstAck,
}

export const relayMigrationProvider: MigrationProvider = {
  getMigrations: async () => relayMigrations,
}
