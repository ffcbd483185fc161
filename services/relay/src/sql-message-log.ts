import type { Kysely } from 'kysely'
import type { MessageRecord } from './message-record.js'
import type { RelayDatabase } from './relay-database.js'

// Postgres allows 65,535 bind parameters per statement; 8 columns × 1,000 rows stays well below.
const ROWS_PER_INSERT = 1_000

interface PendingAck {
  messageId: string
  clientId: string
  expiresAt: number
}

/**
 * Durable copy of the in-memory mailbox in PGlite or PostgreSQL. Writes are group-committed: every
 * message queued during one turn of the event loop goes out in one multi-row insert, so persistence
 * costs one round trip per burst rather than one per message.
 */
export class SqlMessageLog {
  #messages: MessageRecord[] = []
  #acks: PendingAck[] = []
  #waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = []
  #scheduled = false
  #flushing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Kysely<RelayDatabase>,
    private readonly onError: (error: unknown) => void,
  ) {}

  async loadUnexpired(now: number) {
    const messages = await this.db
      .selectFrom('relay_messages')
      .selectAll()
      .where('expires_at', '>', now)
      .orderBy('published_at')
      .execute()
    const acks = await this.db
      .selectFrom('relay_message_acks')
      .select(['message_id', 'client_id'])
      .where('expires_at', '>', now)
      .execute()
    return {
      messages: messages.map(
        (row): MessageRecord => ({
          id: row.id,
          topic: row.topic,
          message: row.message,
          tag: row.tag,
          publishedAt: Number(row.published_at),
          expiresAt: Number(row.expires_at),
          attestation: row.attestation ?? undefined,
          publisher: row.publisher,
        }),
      ),
      acks: acks.map((row) => ({ messageId: row.message_id, clientId: row.client_id })),
    }
  }

  /** Resolves when the message is committed. */
  append(record: MessageRecord) {
    this.#messages.push(record)
    const committed = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }))
    this.#schedule()
    return committed
  }

  /** Acks are best effort: losing one only means a duplicate delivery, which clients drop. */
  ack(messageId: string, clientId: string, expiresAt: number) {
    this.#acks.push({ messageId, clientId, expiresAt })
    this.#schedule()
  }

  async deleteExpired(now: number) {
    await this.db.deleteFrom('relay_messages').where('expires_at', '<=', now).execute()
    await this.db.deleteFrom('relay_message_acks').where('expires_at', '<=', now).execute()
  }

  /** Writes what is queued, then closes the database. */
  async close() {
    await this.flush()
    await this.db.destroy()
  }

  async flush() {
    while (this.#messages.length > 0 || this.#acks.length > 0 || this.#scheduled) {
      this.#scheduled = false
      await this.#write()
    }
    await this.#flushing
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
    this.#flushing = this.#flushing.then(async () => {
      const messages = this.#messages
      const acks = this.#acks
      const waiters = this.#waiters
      this.#messages = []
      this.#acks = []
      this.#waiters = []
      if (messages.length === 0 && acks.length === 0) return
      try {
        for (let i = 0; i < messages.length; i += ROWS_PER_INSERT) {
          await this.db
            .insertInto('relay_messages')
            .values(
              messages.slice(i, i + ROWS_PER_INSERT).map((record) => ({
                id: record.id,
                topic: record.topic,
                message: record.message,
                tag: record.tag,
                published_at: record.publishedAt,
                expires_at: record.expiresAt,
                attestation: record.attestation ?? null,
                publisher: record.publisher,
              })),
            )
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute()
        }
        for (const waiter of waiters) waiter.resolve()
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error)
      }
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
            .onConflict((conflict) => conflict.columns(['message_id', 'client_id']).doNothing())
            .execute()
        }
      } catch (error) {
        this.onError(error)
      }
    })
    return this.#flushing
  }
}
