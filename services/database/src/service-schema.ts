import type { PGlite } from '@electric-sql/pglite'

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

/**
 * The PostgreSQL schema a service keeps its tables in: its name with hyphens as underscores
 * (`chain-api` → `chain_api`). Every service has its own, so one database serves all of them.
 */
export function serviceSchemaName(service: string): string {
  const schema = service.toLowerCase().replaceAll('-', '_')
  if (!IDENTIFIER.test(schema)) throw new Error(`"${service}" cannot name a database schema`)
  return schema
}

/**
 * The connection string with the service's schema as its search_path, so every pooled connection
 * creates and reads the service's tables there. A URL that already sets a search_path keeps it: the
 * operator chose where that service's tables live.
 */
export function withServiceSearchPath(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl)
  const options = url.searchParams.get('options') ?? ''
  if (/\bsearch_path\b/.test(options)) return databaseUrl
  url.searchParams.set('options', `${options} -c search_path=${schema}`.trim())
  return url.toString()
}

/**
 * Points an embedded PGlite at the service's schema, creating it. Each PGlite database belongs to one
 * service, so tables an earlier version left in `public` are the service's: the schema is renamed,
 * keeping them, instead of starting an empty one beside them.
 */
export async function useServiceSchema(pglite: PGlite, schema: string): Promise<void> {
  const quoted = `"${schema}"`
  const present = await pglite.query<{ present: boolean }>(
    'select exists (select 1 from pg_namespace where nspname = $1) as present',
    [schema],
  )
  if (!present.rows[0]?.present) {
    const earlier = await pglite.query<{ tables: number }>(
      "select count(*)::int as tables from pg_tables where schemaname = 'public'",
    )
    if ((earlier.rows[0]?.tables ?? 0) > 0)
      await pglite.exec(`alter schema public rename to ${quoted}; create schema public;`)
    else await pglite.exec(`create schema ${quoted}`)
  }
  await pglite.exec(`set search_path to ${quoted}`)
}
