import type { Mailbox, PutResult } from './mailbox.js'
import type { MessageRecord } from './message-record.js'
import type { SqlMessageLog } from './sql-message-log.js'

interface StoredMessage {
  record: MessageRecord
  ackedBy: Set<string>
}

const SWEEP_INTERVAL_MS = 30_000
const DONE = Promise.resolve()

/**
 * The single-process mailbox: messages in memory, indexed by topic, optionally written through to a
 * SQL log so they survive a restart. Expired messages are never returned and are swept periodically.
 */
export class MemoryMailbox implements Mailbox {
  readonly #messages = new Map<string, StoredMessage>()
  readonly #byTopic = new Map<string, Set<string>>()
  readonly #sweeper: NodeJS.Timeout

  private constructor(
    private readonly log: SqlMessageLog | undefined,
    private readonly onError: (error: unknown) => void,
  ) {
    this.#sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS)
    this.#sweeper.unref()
  }

  /** Opens the mailbox, replaying the unexpired messages and acks kept by `log`. */
  static async open(log: SqlMessageLog | undefined, onError: (error: unknown) => void) {
    const mailbox = new MemoryMailbox(log, onError)
    if (log) {
      const { messages, acks } = await log.loadUnexpired(Date.now())
      for (const record of messages) mailbox.#insert(record)
      for (const ack of acks) mailbox.#messages.get(ack.messageId)?.ackedBy.add(ack.clientId)
    }
    return mailbox
  }

  get size() {
    return this.#messages.size
  }

  async put(record: MessageRecord): Promise<PutResult> {
    const existing = this.#messages.get(record.id)
    if (existing && existing.record.expiresAt > Date.now()) return { created: false, stored: DONE }
    this.#insert(record)
    return { created: true, stored: this.log ? this.log.append(record) : DONE }
  }

  async backlog(topic: string, clientId: string) {
    const ids = this.#byTopic.get(topic)
    if (!ids) return []
    const now = Date.now()
    const records: MessageRecord[] = []
    for (const id of ids) {
      const stored = this.#messages.get(id)
      if (!stored || stored.record.expiresAt <= now) continue
      if (stored.record.publisher === clientId || stored.ackedBy.has(clientId)) continue
      records.push(stored.record)
    }
    return records
  }

  async ack(clientId: string, record: Pick<MessageRecord, 'id' | 'expiresAt'>) {
    const stored = this.#messages.get(record.id)
    if (!stored || stored.ackedBy.has(clientId)) return
    stored.ackedBy.add(clientId)
    this.log?.ack(record.id, clientId, record.expiresAt)
  }

  /** Drops expired messages from memory and from the log. */
  sweep(now = Date.now()) {
    for (const [id, stored] of this.#messages) {
      if (stored.record.expiresAt > now) continue
      this.#messages.delete(id)
      const ids = this.#byTopic.get(stored.record.topic)
      ids?.delete(id)
      if (ids?.size === 0) this.#byTopic.delete(stored.record.topic)
    }
    this.log?.deleteExpired(now).catch(this.onError)
  }

  async close() {
    clearInterval(this.#sweeper)
    await this.log?.close()
  }

  #insert(record: MessageRecord) {
    this.#messages.set(record.id, { record, ackedBy: new Set() })
    let ids = this.#byTopic.get(record.topic)
    if (!ids) {
      ids = new Set()
      this.#byTopic.set(record.topic, ids)
    }
    // Re-adding moves nothing in a Set, so a re-published expired message keeps its old place; fine.
    ids.add(record.id)
  }
}
