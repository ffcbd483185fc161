import { createTestSchema, testDatabaseUrl } from '@portico/database'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer } from './auth-test-helpers.js'
import { authMigrations } from './migrations/auth-migrations.js'

// The scaled-out mode against the real PostgreSQL (PORTICO_TEST_DATABASE_URL; unset, npm test says it did not run).
const db = createTestSchema('auth_test', testDatabaseUrl)
const { databaseUrl, admin } = db

afterAll(() => db.drop())

describe.skipIf(!testDatabaseUrl)('PostgreSQL (DATABASE_URL)', () => {
  it('migrates from two replicas and signs in on one, the session valid on the other', async () => {
    await db.create()
    const [a, b] = await Promise.all([startTestServer({ databaseUrl }), startTestServer({ databaseUrl })])
    if (!a || !b) throw new Error('no replicas')
    try {
      const { session } = await a.signIn('pg@example.com')
      const onB = await b.get('/auth/v1/session', session.token)
      expect(onB.json().user.email).toBe('pg@example.com')
      const migrations = await admin.query(`select name from ${db.name}.auth_migrations order by name`)
      // Every migration ran once, though two replicas started together.
      expect(migrations.rows.map((row) => row.name)).toEqual(Object.keys(authMigrations).sort())
      expect(migrations.rows[0]?.name).toBe('0001-create-auth-tables')
      const stored = await admin.query(`select token_hash from ${db.name}.sessions`)
      expect(JSON.stringify(stored.rows)).not.toContain(session.token)
    } finally {
      await Promise.all([a.server.close(), b.server.close()])
    }
  })
})
