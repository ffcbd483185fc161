import { type OpenDatabaseOptions, openDatabase } from '@portico/database'
import type { Kysely } from 'kysely'
import type { RelayDatabase } from './relay-database.js'

export type OpenRelayDatabaseOptions = OpenDatabaseOptions

/** PostgreSQL when a URL is given, else embedded PGlite in `<dataDir>/relay`. */
export function openRelayDatabase(options: OpenRelayDatabaseOptions = {}): Kysely<RelayDatabase> {
  return openDatabase<RelayDatabase>('relay', options)
}
