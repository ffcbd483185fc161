import { PGlite } from '@electric-sql/pglite'
import { PGliteDialect } from '@portico/database'
import { Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { tableRowCounts } from './table-row-counts.js'

// The partial-write check of bench:fuzz rests on these counts: a write they missed would be a partial
// write the fuzz run never reports.

const open: Kysely<unknown>[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()))
})

async function database() {
  const countQueries = { run: 0 }
  const db = new Kysely<unknown>({
    dialect: new PGliteDialect(() => new PGlite()),
    log: (event) => {
      if (event.query.sql.includes('count(*)')) countQueries.run++
    },
  })
  open.push(db)
  await sql`create table items (id int primary key)`.execute(db)
  await sql`create table guesses (id serial primary key)`.execute(db)
  return { db, countQueries }
}

describe('tableRowCounts', () => {
  it('sees a committed insert and a committed delete', async () => {
    const { db } = await database()
    const counts = await tableRowCounts(db)
    expect(await counts()).toBe('guesses=0,items=0')
    await sql`insert into items values (1), (2)`.execute(db)
    expect(await counts()).toBe('guesses=0,items=2')
    await sql`delete from items where id = 1`.execute(db)
    expect(await counts()).toBe('guesses=0,items=1')
  })

  it('sees a write made inside a transaction, and none from one rolled back', async () => {
    const { db } = await database()
    const counts = await tableRowCounts(db)
    await counts()
    await db.transaction().execute(async (trx) => {
      await sql`insert into items values (1)`.execute(trx)
    })
    expect(await counts()).toBe('guesses=0,items=1')
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into items values (2)`.execute(trx)
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await counts()).toBe('guesses=0,items=1')
  })

  it('counts again only after a transaction that could have written', async () => {
    const { db, countQueries } = await database()
    const counts = await tableRowCounts(db)
    await counts()
    await sql`select * from items`.execute(db)
    await counts()
    expect(countQueries.run).toBe(1)
    // A write that changes no row count (an update) still takes a transaction id: counted again.
    await sql`insert into items values (1)`.execute(db)
    await counts()
    await sql`update items set id = 2`.execute(db)
    await counts()
    expect(countQueries.run).toBe(3)
  })

  it('leaves the ledgers out', async () => {
    const { db } = await database()
    const counts = await tableRowCounts(db, ['guesses'])
    await sql`insert into guesses default values`.execute(db)
    expect(await counts()).toBe('items=0')
  })
})
