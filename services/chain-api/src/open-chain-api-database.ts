import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { ChainApiDatabase } from './chain-api-database.js'
import { EmbeddedPostgresDialect } from './embedded-postgres-dialect.js'

export interface OpenChainApiDatabaseOptions {
  /** postgres:// URL: a shared PostgreSQL, for N replicas. */
  databaseUrl?: string | undefined
  /** Embedded database files go to `<dataDir>/chain-api`; omitted (and no URL) means in memory. */
  dataDir?: string | undefined
}

/** PostgreSQL when a URL is given, else embedded PGlite: the same SQL and migrations run on both. */
export function openChainApiDatabase(options: OpenChainApiDatabaseOptions = {}): Kysely<ChainApiDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    return new Kysely<ChainApiDatabase>({ dialect: new PostgresDialect({ pool }) })
  }
  const directory = options.dataDir ? join(options.dataDir, 'chain-api') : undefined
  if (directory) mkdirSync(directory, { recursive: true })
  return new Kysely<ChainApiDatabase>({ dialect: new EmbeddedPostgresDialect(directory) })
}
