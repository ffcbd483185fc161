import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createInMemoryPGlite } from './in-memory-pglite.js'
import { migrateDatabase } from './migrate-database.js'
import { openDatabase } from './open-database.js'
import { serviceSchemaName, useServiceSchema, withServiceSearchPath } from './service-schema.js'
import { dropTestDatabase, testDatabaseUrl } from './test-services.js'

describe('service schemas', () => {
  it('names a schema after the service and refuses a name that is no identifier', () => {
    expect(serviceSchemaName('chain-api')).toBe('chain_api')
    expect(serviceSchemaName('auth')).toBe('auth')
    expect(() => serviceSchemaName('a"; drop table x; --')).toThrow(/cannot name a database schema/)
  })

  it("adds the service's search_path to a URL, keeping its other options and a search_path it already sets", () => {
    const added = new URL(withServiceSearchPath('postgres://u@db:5432/app?sslmode=require', 'relay'))
    expect(added.searchParams.get('options')).toBe('-c search_path=relay')
    expect(added.searchParams.get('sslmode')).toBe('require')
    const kept = new URL(
      withServiceSearchPath('postgres://u@db/app?options=-c%20statement_timeout%3D5000', 'relay'),
    )
    expect(kept.searchParams.get('options')).toBe('-c statement_timeout=5000 -c search_path=relay')
    const chosen = 'postgres://u@db/app?options=-c%20search_path%3Dmine'
    expect(withServiceSearchPath(chosen, 'relay')).toBe(chosen)
  })

  it('moves the tables an earlier version left in public into the service schema of its own PGlite', async () => {
    const pglite = await createInMemoryPGlite()
    try {
      await pglite.exec("create table wallets (id text); insert into wallets values ('kept')")
      await useServiceSchema(pglite, 'explorer')
      const rows = await pglite.query<{ id: string; schema: string }>(
        'select id, current_schema() as schema from wallets',
      )
      expect(rows.rows).toEqual([{ id: 'kept', schema: 'explorer' }])
      const publicTables = await pglite.query("select 1 from pg_tables where schemaname = 'public'")
      expect(publicTables.rows).toEqual([])
    } finally {
      await pglite.close()
    }
  })

  it('creates the tables of an in-memory PGlite in the service schema', async () => {
    const db = openDatabase<{ notes: { text: string } }>('notes-service')
    try {
      await migrateDatabase(db as never, {
        name: 'notes',
        label: 'Notes',
        provider: notesMigrations,
      })
      const { rows } = await sql<{ schema: string }>`select schemaname as schema from pg_tables
        where tablename in ('notes', 'notes_migrations') order by tablename`.execute(db)
      expect(rows).toEqual([{ schema: 'notes_service' }, { schema: 'notes_service' }])
    } finally {
      await db.destroy()
    }
  })
})

const notesMigrations = {
  async getMigrations() {
    return {
      '0001-create-notes': {
        async up(db: import('kysely').Kysely<unknown>) {
          await db.schema.createTable('notes').addColumn('text', 'text').execute()
        },
      },
    }
  },
}

// The real PostgreSQL: a throw-away database, so the schemas are the ones a deployment gets.
describe.skipIf(!testDatabaseUrl)('service schemas on PostgreSQL', () => {
  const database = `portico_schema_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  let created = false
  const urlOf = (name: string) => {
    const url = new URL(testDatabaseUrl ?? '')
    url.pathname = `/${name}`
    return url.toString()
  }
  afterAll(async () => {
    if (!created) return
    await dropTestDatabase(admin, database)
    await admin.end()
  })

  it('creates and migrates one schema from six replicas starting together', async () => {
    await admin.connect()
    await admin.query(`create database ${database}`)
    created = true
    const replicas = Array.from({ length: 6 }, () =>
      openDatabase<{ notes: { text: string } }>('notes-service', { databaseUrl: urlOf(database) }),
    )
    try {
      const results = await Promise.all(
        replicas.map((db) =>
          migrateDatabase(db as never, { name: 'notes', label: 'Notes', provider: notesMigrations }),
        ),
      )
      // The migration ran once; the other replicas found it done.
      expect(results.flat().map((result) => result.migrationName)).toEqual(['0001-create-notes'])
      await replicas[0]?.insertInto('notes').values({ text: 'one' }).execute()
      expect(await replicas[5]?.selectFrom('notes').select('text').execute()).toEqual([{ text: 'one' }])
      const tables = await new pg.Client({ connectionString: urlOf(database) })
      await tables.connect()
      const { rows } = await tables.query(
        "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by tablename",
      )
      await tables.end()
      expect(rows).toEqual([
        { schemaname: 'notes_service', tablename: 'notes' },
        { schemaname: 'notes_service', tablename: 'notes_migrations' },
        { schemaname: 'notes_service', tablename: 'notes_migrations_lock' },
      ])
    } finally {
      await Promise.all(replicas.map((db) => db.destroy()))
    }
  })

  it('refuses to start empty beside the tables an earlier version kept in public, naming what to do', async () => {
    const legacy = new pg.Client({ connectionString: urlOf(database) })
    await legacy.connect()
    await legacy.query('create table public.old_migrations (name text)')
    await legacy.end()
    const db = openDatabase('old', { databaseUrl: urlOf(database) })
    try {
      await expect(
        migrateDatabase(db, { name: 'old', label: 'Old', provider: notesMigrations }),
      ).rejects.toThrow(/tables are in schema public.*search_path%3Dpublic/)
    } finally {
      await db.destroy()
    }
  })
})
