import { type OpenDatabaseOptions, openDatabase } from '@portico/database'
import type { Kysely } from 'kysely'
import type { AuthDatabase } from './auth-database.js'

export type OpenAuthDatabaseOptions = OpenDatabaseOptions

/** PostgreSQL when a URL is given, else embedded PGlite in `<dataDir>/auth` (in memory without dataDir). */
export function openAuthDatabase(options: OpenAuthDatabaseOptions = {}): Kysely<AuthDatabase> {
  return openDatabase<AuthDatabase>('auth', options)
}
