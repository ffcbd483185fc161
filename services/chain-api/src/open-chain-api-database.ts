import { type OpenDatabaseOptions, openDatabase } from '@portico/database'
import type { Kysely } from 'kysely'
import type { ChainApiDatabase } from './chain-api-database.js'

export type OpenChainApiDatabaseOptions = OpenDatabaseOptions

/** PostgreSQL when a URL is given, else embedded PGlite in `<dataDir>/chain-api`. */
export function openChainApiDatabase(options: OpenChainApiDatabaseOptions = {}): Kysely<ChainApiDatabase> {
  return openDatabase<ChainApiDatabase>('chain-api', options)
}
