import { randomUUID } from 'node:crypto'
import { createTestSchema, testDatabaseUrl } from '@portico/database'
import { afterAll, describe, expect, it } from 'vitest'
import { walletRegistry } from './data/wallet-registry.js'
import { CLIENT_HEADERS, SOLANA_MAINNET } from './explorer-test-helpers.js'
import { createExplorerServer } from './index.js'

// The scaled-out mode against the real PostgreSQL (PORTICO_TEST_DATABASE_URL; unset, npm test says it did not run).
const db = createTestSchema('explorer_test', testDatabaseUrl)
const { databaseUrl, admin } = db

afterAll(() => db.drop())

describe.skipIf(!testDatabaseUrl)('PostgreSQL (DATABASE_URL)', () => {
  it('runs the same migrations, seeds once even with two replicas starting together, and serves /getWallets', async () => {
    await db.create()
    const replicas = await Promise.all([
      createExplorerServer({ databaseUrl, rateLimit: false }),
      createExplorerServer({ databaseUrl, rateLimit: false }),
    ])
    try {
      const tables = await admin.query(
        'select table_name from information_schema.tables where table_schema = $1 order by table_name',
        [db.name],
      )
      expect(tables.rows.map((row) => row.table_name)).toEqual([
        'analytics_events',
        'explorer_migrations',
        'explorer_migrations_lock',
        'wallets',
      ])
      const migrations = await admin.query(`select name from ${db.name}.explorer_migrations order by name`)
      expect(migrations.rows.map((row) => row.name)).toEqual([
        '0001-create-wallets',
        '0002-create-analytics-events',
      ])

      for (const { app } of replicas) {
        const response = await app.inject({
          method: 'GET',
          url: `/getWallets?entries=5&chains=${SOLANA_MAINNET}&search=p`,
          headers: CLIENT_HEADERS,
        })
        expect(response.statusCode).toBe(200)
        const body = response.json()
        expect(body.data[0]).toMatchObject({ name: 'Portico Test Wallet', order: 1 })
        expect(body.data[1]).toMatchObject({ name: 'Phantom' })
        for (const wallet of body.data) expect(wallet.chains).toContain(SOLANA_MAINNET)
      }
      const all = await replicas[0]?.app.inject({
        method: 'GET',
        url: '/getWallets',
        headers: CLIENT_HEADERS,
      })
      expect(all?.json().count).toBe(walletRegistry.length)

      const eventId = randomUUID()
      const posted = await replicas[1]?.app.inject({
        method: 'POST',
        url: '/e',
        headers: CLIENT_HEADERS,
        payload: {
          eventId,
          url: 'https://d.example/',
          domain: 'd.example',
          timestamp: Date.now(),
          props: { event: 'X' },
        },
      })
      expect(posted?.statusCode).toBe(204)
      const stored = await admin.query(
        `select project_id, event from ${db.name}.analytics_events where event_id = $1`,
        [eventId],
      )
      expect(stored.rows).toEqual([{ project_id: 'test-project', event: 'X' }])
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()))
    }

    // A restart finds the schema current and the seed already there.
    const restarted = await createExplorerServer({ databaseUrl, rateLimit: false })
    try {
      const count = await admin.query(`select count(*)::int as n from ${db.name}.wallets`)
      expect(count.rows[0].n).toBe(walletRegistry.length)
    } finally {
      await restarted.close()
    }
  })
})
