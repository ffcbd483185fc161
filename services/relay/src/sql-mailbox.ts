import type { Kysely, Selectable } from 'kysely'
import { BACKLOG_PAGE_SIZE, type BacklogPage, type Mailbox, type PutResult, pageLength } from './mailbox.js'
import { type MessageRecord, storedBytes } from './message-record.js'
import type { RelayDatabase, RelayMessagesTable } from './relay-database.js'

// Postgres allows 65,535 bind parameters per statement; 9 columns × 1,000 rows stays well below.
const ROWS_PER_INSERT = 1_000
const PRUNE_INTERVAL_MS = 30_000
const DONE = Promise.resolve()

interface PendingPut {
  record: MessageRecord
  resolve: (created: boolean) => void
  reject: (error: unknown) => void
}

interface PendingAck {
  messageId: string
  clientId: string
  expiresAt: number
}

/**
 * The single-process mailbox, kept in PGlite or PostgreSQL: nothing but the writes of the current
 * event-loop turn is held in memory, and nothing is loaded at start. Writes are group-committed: every
 * message queued during one turn goes out in one multi-row insert, so storing costs one round trip per
 * burst rather than one per message. Expired messages are never returned and are deleted periodically.
 */
export class SqlMailbox implements Mailbox {
  #puts: PendingPut[] = []
  #acks: PendingAck[] = []
  #scheduled = false
  #writing: Promise<void> = Promise.resolve()
  readonly #pruner: NodeJS.Timeout

  private constructor(
    private readonly db: Kysely<RelayDatabase>,
    private readonly clock: () => number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.#pruner = setInterval(() => this.prune().catch(onError), PRUNE_INTERVAL_MS)
    this.#pruner.unref()
  }

  /** Opens the mailbox on a migrated database, first deleting what expired while the relay was down. */
  static async open(
    db: Kysely<RelayDatabase>,
    clock: () => number,
    onError: (error: unknown) => void,
  ): Promise<SqlMailbox> {
    const mailbox = new SqlMailbox(db, clock, onError)
    await mailbox.prune()
    return mailbox
  }

  /** Resolves once the message is committed, telling whether it was new. */
  async put(record: MessageRecord): Promise<PutResult> {
    const created = await new Promise<boolean>((resolve, reject) => {
      this.#puts.push({ record, resolve, reject })
      this.#schedule()
    })
    return { created, stored: DONE }
  }

  async backlog(topic: string, clientId: string): Promise<BacklogPage> {
    // An ack still queued here must already hide its message.
    if (this.#acks.length > 0) await this.#writeQueued()
    const now = this.clock()
    const candidates = await this.db
      .selectFrom('relay_messages as m')
      .select(['m.id', 'm.bytes'])
      .where('m.topic', '=', topic)
      .where('m.expires_at', '>', now)
      .where('m.publisher', '<>', clientId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('relay_message_acks as a')
              .select('a.message_id')
              .whereRef('a.message_id', '=', 'm.id')
              .where('a.client_id', '=', clientId)
              // An ack of an earlier message with the same id (re-published after expiry) does not count.
              .whereRef('a.expires_at', '=', 'm.expires_at'),
          ),
        ),
      )
      .orderBy('m.published_at')
      .orderBy('m.id')
      .limit(BACKLOG_PAGE_SIZE + 1)
      .execute()
    const length = pageLength(candidates.map((row) => Number(row.bytes)))
    const ids = candidates.slice(0, length).map((row) => row.id)
    if (ids.length === 0) return { records: [], hasMore: false }
    const rows = await this.db
      .selectFrom('relay_messages')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('published_at')
      .orderBy('id')
      .execute()
    return { records: rows.map(toRecord), hasMore: candidates.length > length }
  }

  /** Acks are best effort: losing one only means a duplicate delivery, which clients drop. */
  async ack(clientId: string, record: Pick<MessageRecord, 'id' | 'expiresAt'>) {
    this.#acks.push({ messageId: record.id, clientId, expiresAt: record.expiresAt })
    this.#schedule()
  }

  async storedBytes(publisher: string) {
    const row = await this.db
      .selectFrom('relay_messages')
      .select(({ fn, lit }) => fn.coalesce(fn.sum<string | number>('bytes'), lit(0)).as('total'))
      .where('publisher', '=', publisher)
      .where('expires_at', '>', this.clock())
      .executeTakeFirst()
    return Number(row?.total ?? 0)
  }

  async storedIds(ids: readonly string[]) {
    if (this.#puts.length > 0) await this.#writeQueued()
    if (ids.length === 0) return new Set<string>()
    const rows = await this.db
      .selectFrom('relay_messages')
      .select('id')
      .where('id', 'in', [...ids])
      .where('expires_at', '>', this.clock())
      .execute()
    return new Set(rows.map((row) => row.id))
  }

  /** Deletes expired messages and their acks. */
  async prune() {
    const now = this.clock()
    await this.db.deleteFrom('relay_messages').where('expires_at', '<=', now).execute()
    await this.db.deleteFrom('relay_message_acks').where('expires_at', '<=', now).execute()
  }

  /** Writes what is queued, then closes the database. */
  async close() {
    clearInterval(this.#pruner)
    await this.flush()
    await this.db.destroy()
  }

  async flush() {
    while (this.#puts.length > 0 || this.#acks.length > 0 || this.#scheduled) {
      this.#scheduled = false
      await this.#write()
    }
    await this.#writing
  }

  /** Writes what is queued now; unlike flush() it does not wait for what others queue meanwhile. */
  #writeQueued() {
    this.#scheduled = false
    return this.#write()
  }

  #schedule() {
    if (this.#scheduled) return
    this.#scheduled = true
    setImmediate(() => {
      if (!this.#scheduled) return
      this.#scheduled = false
      void this.#write()
    })
  }

  #write() {
    // Chained so batches commit in order and never interleave on PGlite's single connection.
    this.#writing = this.#writing.then(async () => {
      const puts = this.#puts
      const acks = this.#acks
      this.#puts = []
      this.#acks = []
      if (puts.length > 0) await this.#writeMessages(puts)
      if (acks.length > 0) await this.#writeAcks(acks)
    })
    return this.#writing
  }

  async #writeMessages(puts: PendingPut[]) {
    // The first of several identical publishes in one batch may be new; the others are duplicates.
    const first = new Map<string, PendingPut>()
    const repeats: PendingPut[] = []
    for (const put of puts) {
      if (first.has(put.record.id)) repeats.push(put)
      else first.set(put.record.id, put)
    }
    try {
      const now = this.clock()
      const unique = [...first.values()]
      const created = new Set<string>()
      for (let i = 0; i < unique.length; i += ROWS_PER_INSERT) {
        const rows = await this.db
          .insertInto('relay_messages')
          .values(unique.slice(i, i + ROWS_PER_INSERT).map(({ record }) => toRow(record)))
          // A message with the same id is a duplicate while it lives; once expired it is replaced.
          .onConflict((conflict) =>
            conflict
              .column('id')
              .doUpdateSet((eb) => ({
                topic: eb.ref('excluded.topic'),
                message: eb.ref('excluded.message'),
                tag: eb.ref('excluded.tag'),
                published_at: eb.ref('excluded.published_at'),
                expires_at: eb.ref('excluded.expires_at'),
                attestation: eb.ref('excluded.attestation'),
                publisher: eb.ref('excluded.publisher'),
                bytes: eb.ref('excluded.bytes'),
              }))
              .where('relay_messages.expires_at', '<=', now),
          )
          .returning('id')
          .execute()
        for (const row of rows) created.add(row.id)
      }
      for (const put of unique) put.resolve(created.has(put.record.id))
      for (const put of repeats) put.resolve(false)
    } catch (error) {
      for (const put of puts) put.reject(error)
    }
  }

  async #writeAcks(acks: PendingAck[]) {
    try {
      for (let i = 0; i < acks.length; i += ROWS_PER_INSERT) {
        await this.db
          .insertInto('relay_message_acks')
          .values(
            acks.slice(i, i + ROWS_PER_INSERT).map((ack) => ({
              message_id: ack.messageId,
              client_id: ack.clientId,
              expires_at: ack.expiresAt,
            })),
          )
          .onConflict((conflict) =>
            conflict
              .columns(['message_id', 'client_id'])
              .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') })),
          )
          .execute()
      }
    } catch (error) {
      this.onError(error)
    }
  }
}

function toRow(record: MessageRecord) {
  return {
    id: record.id,
    topic: record.topic,
    message: record.message,
    tag: record.tag,
    published_at: record.publishedAt,
    expires_at: record.expiresAt,
    attestation: record.attestation ?? null,
    publisher: record.publisher,
    bytes: storedBytes(record),
  }
}

function toRecord(row: Selectable<RelayMessagesTable>): MessageRecord {
  return {
    id: row.id,
    topic: row.topic,
    message: row.message,
    tag: row.tag,
    publishedAt: Number(row.published_at),
    expiresAt: Number(row.expires_at),
    attestation: row.attestation ?? undefined,
    publisher: row.publisher,
  }
}
