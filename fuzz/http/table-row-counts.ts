import { type Kysely, sql } from 'kysely'

/**
 * Row counts of every table in the database, as one comparable string. `ledgers` are tables that record
 * refused attempts on purpose (wrong-code guesses, recovery attempts): they grow on a refusal by design.
 *
 * Counting every table is the slow part of a fuzz case, and almost every case writes nothing. A row can
 * only be inserted or deleted by a transaction that was given an id, so the counts are taken again only
 * when the next transaction id has moved since the last count; otherwise the last counts still hold.
 */
export async function tableRowCounts<DB>(
  db: Kysely<DB>,
  ledgers: readonly string[] = [],
): Promise<() => Promise<string>> {
  const tables = (await db.introspection.getTables()).filter(
    (table) => !table.name.startsWith('kysely_') && !ledgers.includes(table.name),
  )
  const columns = tables.map(
    (table) =>
      sql`(select count(*) from ${sql.table(table.schema ? `${table.schema}.${table.name}` : table.name)}) as ${sql.ref(table.name)}`,
  )
  const countQuery = sql<Record<string, string>>`select ${sql.join(columns)}`
  // Reading the snapshot assigns no transaction id of its own.
  const nextIdQuery = sql<{ next: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as next`
  let last: { nextId: string; counts: string } | undefined
  return async () => {
    // Read before counting: a write that commits in between moves the id, so the next call counts again.
    const { rows: ids } = await nextIdQuery.execute(db)
    const nextId = ids[0]?.next ?? ''
    if (last && last.nextId === nextId) return last.counts
    const { rows } = await countQuery.execute(db)
    const counts = Object.entries(rows[0] ?? {})
      .map(([name, count]) => `${name}=${count}`)
      .join(',')
    last = { nextId, counts }
    return counts
  }
}
