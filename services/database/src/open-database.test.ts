import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import * as database from './index.js'
import { openDatabase } from './open-database.js'

describe('openDatabase', () => {
  it('keeps PGlite data in <dataDir>/<name> across reopenings', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-db-'))
    try {
      const first = openDatabase<{ notes: { text: string } }>('notes-service', { dataDir })
      await sql`create table notes (text text not null)`.execute(first)
      await first.insertInto('notes').values({ text: 'kept' }).execute()
      await first.destroy()

      const second = openDatabase<{ notes: { text: string } }>('notes-service', { dataDir })
      expect(await second.selectFrom('notes').select('text').execute()).toEqual([{ text: 'kept' }])
      await second.destroy()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('runs one query at a time on the single PGlite connection, so a transaction sees only its own work', async () => {
    const db = openDatabase<{ counter: { value: number } }>('serial')
    await sql`create table counter (value int not null)`.execute(db)
    await Promise.all([
      db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('counter').values({ value: 1 }).execute()
          throw new Error('roll back')
        })
        .catch(() => {}),
      db.insertInto('counter').values({ value: 2 }).execute(),
    ])
    expect(await db.selectFrom('counter').select('value').execute()).toEqual([{ value: 2 }])
    await db.destroy()
  })

  it('exports a stable public API', () => {
    expect(Object.keys(database).sort()).toEqual([
      'MigrationFailedError',
      'PGliteDialect',
      'createTestSchema',
      'migrateDatabase',
      'openDatabase',
    ])
  })
})
