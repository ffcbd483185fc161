import { chmod, lstat, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import * as database from './index.js'
import { openDatabase } from './open-database.js'
import { entriesOpenToOthers, restrictToOwner } from './owner-only-files.js'

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

  it('writes PGlite data readable by its owner only, under the usual 022 umask too', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'portico-db-'))
    const dataDir = join(parent, 'data')
    const umask = process.umask(0o022)
    try {
      const db = openDatabase<{ notes: { text: string } }>('notes-service', { dataDir })
      await sql`create table notes (text text not null)`.execute(db)
      await db.insertInto('notes').values({ text: 'secret' }).execute()
      await db.destroy()
      expect(await entriesOpenToOthers(dataDir)).toEqual([])
    } finally {
      process.umask(umask)
      await rm(parent, { recursive: true, force: true })
    }
  })

  it('repairs the modes of a data folder an older version left open to everyone', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-db-'))
    try {
      const first = openDatabase('old-install', { dataDir })
      await sql`select 1`.execute(first)
      await first.destroy()
      const stray = join(dataDir, 'old-install', 'base', 'stray')
      await writeFile(stray, 'x')
      for (const path of [dataDir, join(dataDir, 'old-install'), join(dataDir, 'old-install', 'base')])
        await chmod(path, 0o777)
      await chmod(stray, 0o666)

      const reopened = openDatabase('old-install', { dataDir })
      await sql`select 1`.execute(reopened)
      await reopened.destroy()
      // The service owns <dataDir>/<name>; the parent folder is the stack's to repair.
      expect(await entriesOpenToOthers(join(dataDir, 'old-install'))).toEqual([])
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('restricts a tree to its owner without following links out of it or adding owner rights', async () => {
    const root = await mkdtemp(join(tmpdir(), 'portico-modes-'))
    try {
      const inside = join(root, 'inside')
      const outsideFile = join(root, 'outside.txt')
      await mkdir(join(inside, 'nested'), { recursive: true, mode: 0o777 })
      await writeFile(join(inside, 'nested', 'readonly'), 'x', { mode: 0o444 })
      await writeFile(join(inside, 'script'), 'x', { mode: 0o775 })
      await writeFile(outsideFile, 'x', { mode: 0o644 })
      await chmod(outsideFile, 0o644)
      await symlink(outsideFile, join(inside, 'link'))

      await restrictToOwner(inside)

      const mode = async (path: string) => ((await lstat(path)).mode & 0o7777).toString(8)
      expect(await mode(inside)).toBe('700')
      expect(await mode(join(inside, 'nested'))).toBe('700')
      expect(await mode(join(inside, 'nested', 'readonly'))).toBe('400')
      expect(await mode(join(inside, 'script'))).toBe('700')
      expect(await mode(outsideFile)).toBe('644')
    } finally {
      await rm(root, { recursive: true, force: true })
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

  it('gives every in-memory database its own cluster, though all start from one template', async () => {
    const first = openDatabase<{ notes: { text: string } }>('a')
    const second = openDatabase<{ notes: { text: string } }>('b')
    try {
      await sql`create table notes (text text)`.execute(first)
      await first.insertInto('notes').values({ text: 'only in the first' }).execute()
      const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'public'`.execute(second)
      expect(tables.rows).toEqual([])
      await sql`create table notes (text text)`.execute(second)
      expect(await second.selectFrom('notes').selectAll().execute()).toEqual([])
      expect(await first.selectFrom('notes').selectAll().execute()).toEqual([{ text: 'only in the first' }])
    } finally {
      await Promise.all([first.destroy(), second.destroy()])
    }
  })

  it('exports a stable public API', () => {
    expect(Object.keys(database).sort()).toEqual([
      'MigrationFailedError',
      'PGliteDialect',
      'createTestSchema',
      'dropTestDatabase',
      'entriesOpenToOthers',
      'migrateDatabase',
      'openDatabase',
      'restrictToOwner',
      'testDatabaseUrl',
      'testRedisUrl',
    ])
  })
})
