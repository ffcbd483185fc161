import type { Kysely, Selectable } from 'kysely'
import { BACKLOG_PAGE_SIZE, type BacklogPage, type Mailbox, type PutResult, pageLength } from './mailbox.js'
import type { MessageRecord } from './message-record.js'
import type { RelayDatabase, RelayMessagesTable } from './relay-database.js'
import { type AckRow, insertAcks, insertMessages, type MessageRow } from './sql-mailbox-writes.js'

const PRUNE_INTERVAL_MS = 30_000
/** How long a batch stays open for more messages and acks before it is written. */
export const COMMIT_WINDOW_MS = 3
const DONE = Promise.resolve()

interface PendingPut extends MessageRow {
  resolve: (created: boolean) => void
  reject: (error: unknown) => void
}

/**
 * The single-process mailbox, kept in PGlite or PostgreSQL: nothing but the writes waiting for the next
 * batch is held in memory, and nothing is loaded at start. Writes are group-committed: every message
 * queued while the previous batch was being written goes out in one insert, and each put resolves (the
 * publish is answered) only once its batch has committed. An ack of a message still waiting for its
 * batch rides on the message's row instead of taking one of its own. Expired messages are never
 * returned and are deleted periodically.
 */
export class SqlMailbox implements Mailbox {
  #puts: PendingPut[] = []
  /** The first queued put of each message id, for acks that arrive before its batch is written. */
  #queuedById = new Map<string, PendingPut>()
  #acks: AckRow[] = []
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
      const put: PendingPut = { record, resolve, reject }
      this.#puts.push(put)
      if (!this.#queuedById.has(record.id)) this.#queuedById.set(record.id, put)
      this.#schedule()
    })
    return { created, stored: DONE }
  }

  async backlog(topic: string, clientId: string): Promise<BacklogPage> {
    // A message already pushed to live subscribers must be in the table for one who subscribes now, and
    // an ack still queued here must already hide its message.
    if (this.#puts.length > 0 || this.#acks.length > 0) await this.#writeQueued()
    else await this.#writing
    const now = this.clock()
    const candidates = await this.db
      .selectFrom('relay_messages as m')
      .select(['m.id', 'm.bytes'])
      .where('m.topic', '=', topic)
      .where('m.expires_at', '>', now)
      .where('m.publisher', '<>', clientId)
      .where((eb) => eb.or([eb('m.acked_by', 'is', null), eb('m.acked_by', '<>', clientId)]))
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
    const queued = this.#queuedById.get(record.id)
    if (queued && queued.ackedBy === undefined && queued.record.expiresAt === record.expiresAt) {
      queued.ackedBy = clientId
      return
    }
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
    // A short window gathers a burst into one batch, and lets the acks of messages pushed meanwhile
    // ride on their rows; the publish answer waits for it, the push to live subscribers does not.
    setTimeout(() => {
      if (!this.#scheduled) return
      this.#scheduled = false
      void this.#write()
    }, COMMIT_WINDOW_MS)
  }

  #write() {
    // Chained so batches commit in order and never interleave on PGlite's single connection.
    this.#writing = this.#writing.then(async () => {
      const puts = this.#puts
      const acks = this.#acks
      this.#puts = []
      this.#queuedById = new Map()
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
      const unique = [...first.values()]
      const created = await insertMessages(this.db, unique, this.clock())
      for (const put of unique) {
        const isNew = created.has(put.record.id)
        // A duplicate kept its stored row as it was: the ack that rode on this put needs a row of its own.
        if (!isNew && put.ackedBy !== undefined) this.ack(put.ackedBy, put.record).catch(this.onError)
        put.resolve(isNew)
      }
      for (const put of repeats) put.resolve(false)
    } catch (error) {
      for (const put of puts) put.reject(error)
    }
  }

  async #writeAcks(acks: AckRow[]) {
    try {
      await insertAcks(this.db, acks)
    } catch (error) {
      this.onError(error)
    }
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
