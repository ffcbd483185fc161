import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely'

/**
 * Kysely dialect for an embedded PGlite database. PGlite is a single connection, so the driver hands it
 * out to one user at a time: without that, a query issued elsewhere would run inside someone else's
 * transaction. The database is created on first use, so a Kysely that never runs a query leaves no
 * PGlite running behind it.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly createPGlite: () => PGlite | Promise<PGlite>) {}

  createAdapter() {
    return new PostgresAdapter()
  }

  createDriver(): Driver {
    return new PGliteDriver(this.createPGlite)
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters])
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) }),
    }
  }

  // PGlite holds results in memory anyway, so streaming yields the whole result as one chunk.
  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiledQuery)
  }
}

class PGliteDriver implements Driver {
  #connection: PGliteConnection | undefined
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined

  constructor(private readonly createPGlite: () => PGlite | Promise<PGlite>) {}

  async init() {
    const pglite = await this.createPGlite()
    await pglite.waitReady
    this.#connection = new PGliteConnection(pglite)
  }

  async acquireConnection() {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => {
      release = resolve
    })
    await previous
    this.#release = release
    if (!this.#connection) throw new Error('PGlite driver used before init')
    return this.#connection
  }

  async releaseConnection() {
    const release = this.#release
    this.#release = undefined
    release?.()
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy() {
    const pglite = this.#connection?.pglite
    if (pglite && !pglite.closed) await pglite.close()
  }
}
