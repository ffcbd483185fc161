import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer } from './auth-test-helpers.js'

// The scaled-out mode against the real PostgreSQL. No skip: if it is unreachable this test fails.
const BASE_URL = process.env.AUTH_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const schema = `auth_test_${randomUUID().replaceAll('-', '')}`
const databaseUrl = `${BASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`
const admin = new pg.Client({ connectionString: BASE_URL })

let connected = false
afterAll(async () => {
  if (!connected) return
  await admin.query(`drop schema if exists ${schema} cascade`)
  await admin.end()
})

describe('PostgreSQL (DATABASE_URL)', () => {
  it('migrates from two replicas and signs in on one, the session valid on the other', async () => {
    await admin.connect()
    connected = true
    await admin.query(`create schema ${schema}`)
    const [a, b] = await Promise.all([startTestServer({ databaseUrl }), startTestServer({ databaseUrl })])
    if (!a || !b) throw new Error('no replicas')
    try {
      const { session } = await a.signIn('pg@example.com')
      const onB = await b.get('/auth/v1/session', session.token)
      expect(onB.json().user.email).toBe('pg@example.com')
      const migrations = await admin.query(`select name from ${schema}.auth_migrations order by name`)
      expect(migrations.rows.map((row) => row.name)).toEqual([
        '0001-create-auth-tables',
        '0002-add-farcaster-channel-device',
      ])
      const stored = await admin.query(`select token_hash from ${schema}.sessions`)
      expect(JSON.stringify(stored.rows)).not.toContain(session.token)
    } finally {
      await Promise.all([a.server.close(), b.server.close()])
    }
  })
})
