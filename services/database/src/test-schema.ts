import { randomUUID } from 'node:crypto'
import pg from 'pg'

export interface TestSchema {
  /** A DATABASE_URL whose connections all use the throw-away schema, so service code runs unmodified. */
  databaseUrl: string
  /** The schema's name. */
  name: string
  /** The admin connection, for checks the service does not expose. */
  admin: pg.Client
  /** Qualified name of a table in the schema. */
  table(name: string): string
  /** Connects and creates the schema: call it inside the test, so an unreachable server fails it, never skips it. */
  create(): Promise<void>
  /** Drops the schema (for afterAll); nothing to do when create() never connected. */
  drop(): Promise<void>
}

/** A fresh schema on the real PostgreSQL for one test file of the scaled-out mode. */
export function createTestSchema(
  prefix: string,
  baseUrl = 'postgres://postgres@127.0.0.1:5432/test',
): TestSchema {
  const schema = `${prefix}_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  let connected = false
  return {
    name: schema,
    databaseUrl: `${baseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    admin,
    table: (name) => `${schema}.${name}`,
    async create() {
      await admin.connect()
      connected = true
      await admin.query(`create schema ${schema}`)
    },
    async drop() {
      if (!connected) return
      await admin.query(`drop schema if exists ${schema} cascade`)
      await admin.end()
    },
  }
}
