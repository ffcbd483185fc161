import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { ExplorerDatabase } from './explorer-database.js'
import { PGliteDialect } from './pglite-dialect.js'

export interface OpenExplorerDatabaseOptions {
  /** postgres:// URL: use a shared PostgreSQL (scaled-out mode, N replicas). */
  databaseUrl?: string | undefined
  /** Directory for the embedded PGlite files (`<dataDir>/explorer`); omitted means in memory. */
  dataDir?: string | undefined
}

/** PostgreSQL when a URL is given, else embedded PGlite; both speak the same SQL and migrations. */
export function openExplorerDatabase(options: OpenExplorerDatabaseOptions = {}): Kysely<ExplorerDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    return new Kysely<ExplorerDatabase>({ dialect: new PostgresDialect({ pool }) })
  }
  let directory: string | undefined
  if (options.dataDir) {
    directory = join(options.dataDir, 'explorer')
    mkdirSync(directory, { recursive: true })
  }
  return new Kysely<ExplorerDatabase>({ dialect: new PGliteDialect(() => new PGlite(directory)) })
}
