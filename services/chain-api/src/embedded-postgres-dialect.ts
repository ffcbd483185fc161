import { PGlite } from '@electric-sql/pglite'
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
 * Kysely on an embedded PGlite (one in-process Postgres). PGlite has exactly one session, so the driver
 * lends it to one Kysely connection at a time; otherwise the indexer's write transaction would swallow
 * concurrent API reads.
 */
export class EmbeddedPostgresDialect implements Dialect {
  /** @param directory where PGlite keeps its files; undefined keeps the database in memory. */
  constructor(private readonly directory: string | undefined) {}

  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new EmbeddedPostgresDriver(this.directory)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class EmbeddedPostgresDriver implements Driver {
  #pglite: PGlite | undefined
  #connection: DatabaseConnection | undefined
  // Tail of the queue of borrowers; each waits for the previous one to give the session back.
  #tail: Promise<void> = Promise.resolve()
  #giveBack: (() => void)[] = []

  constructor(private readonly directory: string | undefined) {}

  async init() {
    const pglite = await PGlite.create(this.directory)
    this.#pglite = pglite
    this.#connection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await pglite.query<R>(query.sql, [...query.parameters])
        const affected = result.affectedRows
        return affected === undefined
          ? { rows: result.rows }
          : { rows: result.rows, numAffectedRows: BigInt(affected) }
      },
      streamQuery() {
        throw new Error('streaming is not supported on the embedded database')
      },
    }
  }

  async acquireConnection() {
    const before = this.#tail
    let giveBack!: () => void
    this.#tail = new Promise((resolve) => {
      giveBack = resolve
    })
    await before
    this.#giveBack.push(giveBack)
    if (!this.#connection) throw new Error('embedded database used before init')
    return this.#connection
  }

  async releaseConnection() {
    this.#giveBack.shift()?.()
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
    if (this.#pglite && !this.#pglite.closed) await this.#pglite.close()
  }
}
