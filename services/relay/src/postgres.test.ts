import { createTestSchema, testDatabaseUrl } from '@portico/database'
import { afterAll, describe, expect, it } from 'vitest'
import { createRelayServer } from './index.js'
import { RawRelayClient, randomTopic, relayJwt } from './relay-test-clients.js'

// The database-backed mailbox against the real PostgreSQL. No skip: if it is unreachable this test fails.
const db = createTestSchema('relay_test', testDatabaseUrl)
afterAll(() => db.drop())

describe.skipIf(!testDatabaseUrl)('PostgreSQL (DATABASE_URL)', () => {
  it('keeps the mailbox and the stored-bytes quota in the database across restarts, and prunes expired messages', async () => {
    await db.create()
    let now = Date.now()
    const options = {
      databaseUrl: db.databaseUrl,
      clock: () => now,
      limits: { maxStoredBytesPerClient: 10_000 },
    }
    const body = (i: number) => `${i}`.padEnd(4_000, '.')
    const topic = randomTopic()

    const first = await createRelayServer(options)
    const token = await relayJwt(first.url)
    const publisher = await RawRelayClient.connect(first.url, { token })
    for (const i of [1, 2]) {
      expect((await publisher.request('irn_publish', { topic, message: body(i), ttl: 300 })).result).toBe(
        true,
      )
      now += 1
    }
    // At its quota the client may still repeat a stored message (an SDK retry): answered like any duplicate.
    expect((await publisher.request('irn_publish', { topic, message: body(1), ttl: 300 })).result).toBe(true)
    expect((await publisher.request('irn_publish', { topic, message: body(3), ttl: 300 })).error?.data).toBe(
      'MailboxLimitExceeded',
    )
    const reader = await RawRelayClient.connect(first.url)
    expect((await reader.request('irn_fetchMessages', { topic })).result).toMatchObject({
      messages: [{ message: body(1) }, { message: body(2) }],
      hasMore: false,
    })
    expect((await reader.request('irn_fetchMessages', { topic })).result).toEqual({
      messages: [],
      hasMore: false,
    })
    await Promise.all([publisher.close(), reader.close()])
    await first.close()

    const second = await createRelayServer({ ...options, port: first.port })
    const again = await RawRelayClient.connect(second.url, { token })
    expect((await again.request('irn_publish', { topic, message: body(4), ttl: 300 })).error?.data).toBe(
      'MailboxLimitExceeded',
    )
    const late = await RawRelayClient.connect(second.url)
    await late.request('irn_subscribe', { topic })
    expect(late.pushes(topic).map((push) => push.params?.data?.message)).toEqual([body(1), body(2)])
    await Promise.all([again.close(), late.close()])
    await second.close()

    // Opening the mailbox deletes what expired while the relay was down.
    now += 301_000
    const third = await createRelayServer({ ...options, port: first.port })
    const rows = await db.admin.query(`select count(*)::int as count from ${db.table('relay_messages')}`)
    expect(rows.rows[0].count).toBe(0)
    await third.close()
  })
})
