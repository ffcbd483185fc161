import { type OpenDatabaseOptions, openDatabase } from '@portico/database'
import type { Kysely } from 'kysely'
import type { ExplorerDatabase } from './explorer-database.js'

export type OpenExplorerDatabaseOptions = OpenDatabaseOptions

/** PostgreSQL when a URL is given, else embedded PGlite in `<dataDir>/explorer`. */
export function openExplorerDatabase(options: OpenExplorerDatabaseOptions = {}): Kysely<ExplorerDatabase> {
  return openDatabase<ExplorerDatabase>('explorer', options)
}
