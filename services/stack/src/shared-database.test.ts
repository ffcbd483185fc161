import { randomUUID } from 'node:crypto'
import { migrateAuthDatabase, openAuthDatabase } from '@portico/auth'
import { migrateChainApiDatabase, openChainApiDatabase } from '@portico/chain-api'
import { dropTestDatabase, testDatabaseUrl } from '@portico/database'
import { migrateExplorerDatabase, openExplorerDatabase } from '@portico/explorer'
import { migrateRelayDatabase, openRelayDatabase } from '@portico/relay'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

// One DATABASE_URL for every service, as a deployment gives it: a fresh database, no search_path.
describe.skipIf(!testDatabaseUrl)('one PostgreSQL database for all services', () => {
  const database = `portico_shared_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  let created = false
  const url = new URL(testDatabaseUrl ?? 'postgres://localhost/none')
  url.pathname = `/${database}`
  const databaseUrl = url.toString()
  afterAll(async () => {
    if (!created) return
    await dropTestDatabase(admin, database)
    await admin.end()
  })

  it('migrates two replicas of each service at once, each service in its own schema', async () => {
    await admin.connect()
    await admin.query(`create database ${database}`)
    created = true
    const services = [
      [openExplorerDatabase, migrateExplorerDatabase],
      [openChainApiDatabase, migrateChainApiDatabase],
      [openRelayDatabase, migrateRelayDatabase],
      [openAuthDatabase, migrateAuthDatabase],
    ] as const
    const replicas = services.flatMap(([open, migrate]) =>
      [1, 2].map(() => {
        const db = open({ databaseUrl })
        return { db, migrate: () => (migrate as (db: unknown) => Promise<unknown>)(db) }
      }),
    )
    try {
      // Before schemas, the explorer and auth both created `wallets` and auth failed to start.
      await Promise.all(replicas.map((replica) => replica.migrate()))
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      const { rows } = await client.query<{ schema: string; tables: string[] }>(
        `select schemaname as schema, array_agg(tablename::text order by tablename) as tables from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema') group by schemaname order by schemaname`,
      )
      await client.end()
      expect(rows.map((row) => row.schema)).toEqual(['auth', 'chain_api', 'explorer', 'relay'])
      for (const row of rows) expect(row.tables).toContain(`${row.schema}_migrations`)
      expect(rows.find((row) => row.schema === 'explorer')?.tables).toContain('wallets')
      expect(rows.find((row) => row.schema === 'auth')?.tables).toContain('wallets')
    } finally {
      await Promise.all(replicas.map((replica) => (replica.db as { destroy(): Promise<void> }).destroy()))
    }
  })
})
