import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { PGliteDialect } from './pglite-dialect.js'

export interface OpenDatabaseOptions {
  /** postgres:// URL: a shared PostgreSQL, for N stateless replicas. */
  databaseUrl?: string | undefined
  /** Embedded PGlite files go to `<dataDir>/<name>`; without dataDir (and URL) the data is in memory. */
  dataDir?: string | undefined
}

/** PostgreSQL when a URL is given, else embedded PGlite: the same SQL and migrations run on both. */
export function openDatabase<Database>(name: string, options: OpenDatabaseOptions = {}): Kysely<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const directory = options.dataDir ? join(options.dataDir, name) : undefined
  if (directory) mkdirSync(directory, { recursive: true })
  return new Kysely<Database>({ dialect: new PGliteDialect(() => new PGlite(directory)) })
}
