import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { createInMemoryPGlite } from './in-memory-pglite.js'
import { OWNER_ONLY_DIRECTORY_MODE, restrictToOwner } from './owner-only-files.js'
import { PGliteDialect } from './pglite-dialect.js'
import { serviceSchemaName, useServiceSchema, withServiceSearchPath } from './service-schema.js'

export interface OpenDatabaseOptions {
  /** postgres:// URL: a shared PostgreSQL, for N stateless replicas. */
  databaseUrl?: string | undefined
  /** Embedded PGlite files go to `<dataDir>/<name>`; without dataDir (and URL) the data is in memory. */
  dataDir?: string | undefined
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite: the same SQL and migrations run on both. Either
 * way the connections use the service's own schema (`serviceSchemaName(name)`), which its migrations
 * create, so services sharing one database never meet each other's tables.
 */
export function openDatabase<Database>(name: string, options: OpenDatabaseOptions = {}): Kysely<Database> {
  const schema = serviceSchemaName(name)
  if (options.databaseUrl) {
    const connectionString = withServiceSearchPath(options.databaseUrl, schema)
    const pool = new pg.Pool({ connectionString, max: 10 })
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const directory = options.dataDir ? join(options.dataDir, name) : undefined
  if (!directory)
    return new Kysely<Database>({
      dialect: new PGliteDialect(async () => {
        const pglite = await createInMemoryPGlite()
        await useServiceSchema(pglite, schema)
        return pglite
      }),
    })
  mkdirSync(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY_MODE })
  return new Kysely<Database>({ dialect: new PGliteDialect(() => openPrivatePGlite(directory, schema)) })
}

/** PGlite writes its initial cluster with mode 0666 whatever the umask, so the folder is repaired on each open. */
async function openPrivatePGlite(directory: string, schema: string): Promise<PGlite> {
  const pglite = new PGlite(directory)
  try {
    await pglite.waitReady
    await restrictToOwner(directory)
    await useServiceSchema(pglite, schema)
    return pglite
  } catch (error) {
    if (!pglite.closed) await pglite.close().catch(() => {})
    throw error
  }
}
