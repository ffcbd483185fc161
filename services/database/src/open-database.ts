import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { createInMemoryPGlite } from './in-memory-pglite.js'
import { OWNER_ONLY_DIRECTORY_MODE, restrictToOwner } from './owner-only-files.js'
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
  if (!directory) return new Kysely<Database>({ dialect: new PGliteDialect(createInMemoryPGlite) })
  mkdirSync(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY_MODE })
  return new Kysely<Database>({ dialect: new PGliteDialect(() => openPrivatePGlite(directory)) })
}

/** PGlite writes its initial cluster with mode 0666 whatever the umask, so the folder is repaired on each open. */
async function openPrivatePGlite(directory: string): Promise<PGlite> {
  const pglite = new PGlite(directory)
  try {
    await pglite.waitReady
    await restrictToOwner(directory)
    return pglite
  } catch (error) {
    if (!pglite.closed) await pglite.close().catch(() => {})
    throw error
  }
}
