import { randomBytes } from 'node:crypto'
import { createTestSchema, testDatabaseUrl } from '@portico/database'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer } from './auth-test-helpers.js'
import { createMailOutbox } from './mail-outbox.js'
import type { OutgoingMail } from './mailer.js'
import { migrateAuthDatabase } from './migrate-auth-database.js'
import { authMigrations } from './migrations/auth-migrations.js'
import { openAuthDatabase } from './open-auth-database.js'

// The scaled-out mode against the real PostgreSQL (PORTICO_TEST_DATABASE_URL; unset, npm test says it did not run).
const db = createTestSchema('auth_test', testDatabaseUrl)
const { databaseUrl, admin } = db

const outboxDb = createTestSchema('auth_outbox_test', testDatabaseUrl)

afterAll(() => Promise.all([db.drop(), outboxDb.drop()]))

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

  it('sends each queued mail once while two replicas sweep side by side', async () => {
    await outboxDb.create()
    const url = outboxDb.databaseUrl
    const [one, two] = [openAuthDatabase({ databaseUrl: url }), openAuthDatabase({ databaseUrl: url })]
    try {
      await migrateAuthDatabase(one)
      const masterKey = randomBytes(32)
      const sent: OutgoingMail[] = []
      const slowMailer = {
        send: async (mail: OutgoingMail) => {
          await new Promise((resolve) => setTimeout(resolve, 5))
          sent.push(mail)
        },
        close: async () => {},
      }
      const a = createMailOutbox({ db: one, mailer: slowMailer, masterKey, now: () => new Date() })
      const b = createMailOutbox({ db: two, mailer: slowMailer, masterKey, now: () => new Date() })
      const queued = Array.from({ length: 60 }, (_, n) => ({
        to: `r${n}@example.com`,
        subject: 's',
        text: 't',
      }))
      await one.transaction().execute(async (trx) => {
        for (const mail of queued) await a.enqueue(trx, mail)
      })
      const [byA, byB] = await Promise.all([a.sweep(), b.sweep()])
      expect(byA + byB).toBe(60)
      expect(sent.map((mail) => mail.to).sort()).toEqual(queued.map((mail) => mail.to).sort())
    } finally {
      await Promise.all([one.destroy(), two.destroy()])
    }
  })
})
