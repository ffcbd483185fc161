import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKLOG_PAGE_BYTES, BACKLOG_PAGE_SIZE } from './mailbox.js'
import { migrateRelayDatabase } from './migrate-relay-database.js'
import { openRelayDatabase } from './open-relay-database.js'
import type { RelayDatabase } from './relay-database.js'
import { randomTopic } from './relay-test-clients.js'
import { SqlMailbox } from './sql-mailbox.js'
import { testMessageRecord } from './test-message-record.js'

let now = Date.now()
const clock = () => now
const errors: unknown[] = []
let db: Kysely<RelayDatabase>
let mailbox: SqlMailbox

beforeAll(async () => {
  db = openRelayDatabase()
  await migrateRelayDatabase(db)
  mailbox = await SqlMailbox.open(db, clock, (error) => errors.push(error))
})
afterAll(async () => {
  await mailbox.close()
  expect(errors).toEqual([])
})

const record = (topic: string, message: string, options: { ttlMs?: number; publisher?: string } = {}) =>
  testMessageRecord(topic, message, { publishedAt: now, ...options })

async function rowCount(topic: string) {
  const rows = await db.selectFrom('relay_messages').select('id').where('topic', '=', topic).execute()
  return rows.length
}

describe('SqlMailbox', () => {
  it('stores a message once, dedupes repeats in the same batch, and replaces it once expired', async () => {
    const topic = randomTopic()
    const results = await Promise.all([1, 2, 3].map(() => mailbox.put(record(topic, 'c2FtZQ=='))))
    expect(results.map((result) => result.created)).toEqual([true, false, false])
    expect((await mailbox.put(record(topic, 'c2FtZQ=='))).created).toBe(false)

    await mailbox.ack('did:key:reader', record(topic, 'c2FtZQ=='))
    expect((await mailbox.backlog(topic, 'did:key:reader')).records).toEqual([])
    now += 300_001
    // Re-published after it expired: new again, and the old ack does not hide it.
    expect((await mailbox.put(record(topic, 'c2FtZQ=='))).created).toBe(true)
    expect((await mailbox.backlog(topic, 'did:key:reader')).records).toHaveLength(1)
  })

  it('counts the unexpired bytes each publisher stores', async () => {
    const topic = randomTopic()
    await mailbox.put(record(topic, 'a'.repeat(1_000), { publisher: 'did:key:counted', ttlMs: 10_000 }))
    await mailbox.put(record(topic, 'b'.repeat(500), { publisher: 'did:key:counted', ttlMs: 60_000 }))
    await mailbox.put(record(topic, 'c'.repeat(700), { publisher: 'did:key:other' }))
    expect(await mailbox.storedBytes('did:key:counted')).toBe(1_500)
    now += 10_000
    expect(await mailbox.storedBytes('did:key:counted')).toBe(500)
    expect(await mailbox.storedBytes('did:key:nobody')).toBe(0)
  })

  it('pages the backlog by count and by bytes, oldest first', async () => {
    const topic = randomTopic()
    const count = BACKLOG_PAGE_SIZE + 20
    for (let i = 0; i < count; i++) {
      await mailbox.put(record(topic, `message-${String(i).padStart(4, '0')}`))
      now += 1
    }
    const first = await mailbox.backlog(topic, 'did:key:pager')
    expect(first.records).toHaveLength(BACKLOG_PAGE_SIZE)
    expect(first.hasMore).toBe(true)
    expect(first.records[0]?.message).toBe('message-0000')
    for (const stored of first.records) await mailbox.ack('did:key:pager', stored)
    const second = await mailbox.backlog(topic, 'did:key:pager')
    expect(second.records.map((stored) => stored.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `message-${String(BACKLOG_PAGE_SIZE + i).padStart(4, '0')}`),
    )
    expect(second.hasMore).toBe(false)

    const big = randomTopic()
    const third = Math.floor(BACKLOG_PAGE_BYTES / 3)
    for (const letter of ['x', 'y', 'z', 'w']) {
      await mailbox.put(record(big, letter.repeat(third)))
      now += 1
    }
    const page = await mailbox.backlog(big, 'did:key:pager')
    expect(page.records.map((stored) => stored.message[0])).toEqual(['x', 'y', 'z'])
    expect(page.hasMore).toBe(true)
  })

  it('deletes expired messages and acks when pruning', async () => {
    const topic = randomTopic()
    await mailbox.put(record(topic, 'c2hvcnQ=', { ttlMs: 1_000 }))
    await mailbox.put(record(topic, 'bG9uZw==', { ttlMs: 60_000 }))
    await mailbox.ack('did:key:acker', record(topic, 'c2hvcnQ=', { ttlMs: 1_000 }))
    await mailbox.flush()
    now += 1_000
    await mailbox.prune()
    expect(await rowCount(topic)).toBe(1)
    const acks = await db
      .selectFrom('relay_message_acks')
      .select('message_id')
      .where('client_id', '=', 'did:key:acker')
      .execute()
    expect(acks).toEqual([])
  })
})
