import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateRelayDatabase } from './migrate-relay-database.js'
import { openRelayDatabase } from './open-relay-database.js'
import type { RelayDatabase } from './relay-database.js'
import { randomTopic } from './relay-test-clients.js'
import { SqlMailbox } from './sql-mailbox.js'
import { testMessageRecord } from './test-message-record.js'

const now = Date.now()
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

const record = (topic: string, message: string) => testMessageRecord(topic, message, { publishedAt: now })

async function storedRows(database: Kysely<RelayDatabase>, topic: string) {
  return database
    .selectFrom('relay_messages')
    .select(['message', 'acked_by'])
    .where('topic', '=', topic)
    .orderBy('message')
    .execute()
}

/** Tracks whether a put has been answered (resolved) yet. */
function track(put: Promise<unknown>) {
  const state = { answered: false, failed: false }
  put.then(
    () => {
      state.answered = true
    },
    () => {
      state.failed = true
    },
  )
  return state
}

describe('SqlMailbox group commit', () => {
  it('answers a put only once its batch has committed, many messages in one batch', async () => {
    const topic = randomTopic()
    const puts = ['a', 'b', 'c'].map((message) => mailbox.put(record(topic, message)))
    const states = puts.map(track)
    // Still gathering the batch: nothing written, nobody answered.
    expect(await storedRows(db, topic)).toEqual([])
    expect(states.some((state) => state.answered)).toBe(false)
    const results = await Promise.all(puts)
    expect(results.map((result) => result.created)).toEqual([true, true, true])
    // By the time the first put is answered, its whole batch is in the table.
    expect((await storedRows(db, topic)).map((row) => row.message)).toEqual(['a', 'b', 'c'])
  })

  it('keeps an ack that arrives before the batch is written on the row, and hides it from that client only', async () => {
    const topic = randomTopic()
    const put = mailbox.put(record(topic, 'early'))
    await mailbox.ack('did:key:peer', record(topic, 'early'))
    await put
    expect(await storedRows(db, topic)).toEqual([{ message: 'early', acked_by: 'did:key:peer' }])
    const ackRows = await db
      .selectFrom('relay_message_acks')
      .select('client_id')
      .where('message_id', '=', record(topic, 'early').id)
      .execute()
    expect(ackRows).toEqual([])
    expect((await mailbox.backlog(topic, 'did:key:peer')).records).toEqual([])
    // A second client (another device of the same user, say) still gets it, and its ack is a row.
    expect((await mailbox.backlog(topic, 'did:key:other')).records.map((r) => r.message)).toEqual(['early'])
    await mailbox.ack('did:key:other', record(topic, 'early'))
    expect((await mailbox.backlog(topic, 'did:key:other')).records).toEqual([])
  })

  it('gives an early ack of a duplicate its own row: the stored message keeps its first ack', async () => {
    const topic = randomTopic()
    await mailbox.put(record(topic, 'twice'))
    const repeat = mailbox.put(record(topic, 'twice'))
    await mailbox.ack('did:key:late-peer', record(topic, 'twice'))
    expect((await repeat).created).toBe(false)
    expect((await mailbox.backlog(topic, 'did:key:late-peer')).records).toEqual([])
  })

  it('answers no put of a batch the process dies before committing, and keeps every answered one', async () => {
    const crashDb = openRelayDatabase()
    await migrateRelayDatabase(crashDb)
    const crashErrors: unknown[] = []
    const crashing = await SqlMailbox.open(crashDb, clock, (error) => crashErrors.push(error))
    const topic = randomTopic()
    await Promise.all(['kept-1', 'kept-2'].map((message) => crashing.put(record(topic, message))))
    expect((await storedRows(crashDb, topic)).map((row) => row.message)).toEqual(['kept-1', 'kept-2'])

    // The database goes away while the next batch is still gathering, as with a kill -9 of PGlite's process.
    const lost = ['lost-1', 'lost-2'].map((message) => crashing.put(record(topic, message)))
    const states = lost.map(track)
    await crashDb.destroy()
    await Promise.allSettled(lost)
    expect(states.map((state) => state.answered)).toEqual([false, false])
    expect(states.map((state) => state.failed)).toEqual([true, true])
  })
})
