import type { ClientQuotas, StorageClaim } from './client-quotas.js'
import type { FanOut } from './fan-out.js'
import type { Mailbox } from './mailbox.js'
import { type MessageRecord, storedBytes } from './message-record.js'
import { RelayRpcError, RPC_REQUEST_REFUSED } from './relay-errors.js'
import type { RelayLogger } from './relay-logger.js'

/** What the hub needs of a socket it delivers to (a Connection). */
export interface RelaySubscriber {
  /** The JWT issuer (did:key), shared by every socket of the same client. */
  readonly clientId: string
  readonly topics: Set<string>
  deliver(record: MessageRecord): void
}

/** Routes messages between this process's sockets, the mailbox and the other processes. */
export class RelayHub<Connection extends RelaySubscriber = RelaySubscriber> {
  readonly connections = new Set<Connection>()
  readonly #subscribers = new Map<string, Set<Connection>>()
  /** Resolves once this process listens on the topic's fan-out channel. */
  readonly #channels = new Map<string, Promise<void>>()

  constructor(
    readonly mailbox: Mailbox,
    readonly fanOut: FanOut,
    readonly quotas: ClientQuotas,
    readonly minTtlSeconds: number,
    readonly clock: () => number,
    private readonly logger: RelayLogger,
  ) {}

  /** Refuses, as a whole, subscriptions that would take the socket past its topic limit. */
  checkTopicLimit(connection: Connection, topics: readonly string[]) {
    const added = new Set(topics.filter((topic) => !connection.topics.has(topic))).size
    const limit = this.quotas.limits.maxTopicsPerSocket
    if (connection.topics.size + added > limit) {
      throw new RelayRpcError(
        RPC_REQUEST_REFUSED,
        `Subscriber limit exceeded: at most ${limit} topics per connection`,
        'SubscriberLimitExceeded',
      )
    }
  }

  /** Subscribes, then replays the backlog: channel first, so nothing published in between is missed. */
  async subscribe(connection: Connection, topic: string) {
    this.checkTopicLimit(connection, [topic])
    let subscribers = this.#subscribers.get(topic)
    if (!subscribers) {
      subscribers = new Set()
      this.#subscribers.set(topic, subscribers)
      this.#channels.set(topic, this.fanOut.subscribe(topic))
    }
    subscribers.add(connection)
    connection.topics.add(topic)
    await this.#channels.get(topic)
    // One page; the rest comes with the next subscribe or irn_fetchMessages.
    const { records } = await this.mailbox.backlog(topic, connection.clientId)
    for (const record of records) connection.deliver(record)
  }

  unsubscribe(connection: Connection, topic: string) {
    connection.topics.delete(topic)
    const subscribers = this.#subscribers.get(topic)
    if (!subscribers?.delete(connection) || subscribers.size > 0) return
    this.#subscribers.delete(topic)
    this.#channels.delete(topic)
    this.fanOut
      .unsubscribe(topic)
      .catch((error) => this.logger.error('fan-out unsubscribe failed', { error: String(error) }))
  }

  disconnect(connection: Connection) {
    this.connections.delete(connection)
    for (const topic of [...connection.topics]) this.unsubscribe(connection, topic)
  }

  /**
   * Publishes one request's messages, all or none past the publisher's quotas: checks its rate and
   * storage, runs `beforeStore` (the composite methods' implicit subscribe), stores, delivers to live
   * subscribers, and resolves once every message is durable. A duplicate is not stored again but is
   * announced again: the relay that stored it may have died before announcing it, and the publisher
   * repeats a publish it got no answer to. Sockets that already got it drop the repeat.
   */
  async publish(
    publisher: string,
    records: MessageRecord[],
    beforeStore?: () => Promise<void>,
    /** The publisher's remote address: its clients share one storage budget. */
    ip?: string,
  ) {
    await this.quotas.takePublishes(publisher, records.length)
    const toStore = await this.#reserveStorage(publisher, records, ip)
    for (const record of records) if (!toStore.includes(record)) this.#announce(record)
    const sizes = toStore.map(storedBytes)
    const total = sizes.reduce((sum, size) => sum + size, 0)
    const keptRecords = new Set<MessageRecord>()
    let kept = 0
    try {
      await beforeStore?.()
      // allSettled: the room is settled only once every write has finished, failed or not.
      const results = await Promise.allSettled(
        toStore.map(async (record, index) => {
          const putting = this.mailbox.put(record)
          // Live subscribers here get it while it is written (the mailbox makes a subscribe that comes
          // meanwhile wait for the write); the publisher is answered only once it is durable.
          this.deliverLocally(record)
          const { created, stored } = await putting
          this.#fanOutPublish(record)
          if (!created) return
          kept += sizes[index] ?? 0
          keptRecords.add(record)
          await stored
        }),
      )
      for (const result of results) if (result.status === 'rejected') throw result.reason
    } finally {
      // Duplicates, and whatever failed, take no room.
      if (toStore.length > 0)
        this.quotas.settleStorage(
          publisher,
          total - kept,
          claimsOf(
            toStore.filter((record) => !keptRecords.has(record)),
            ip,
          ),
        )
    }
  }

  /**
   * Reserves room for the records and returns those to store. A client at its quota may still repeat
   * messages it has stored (the SDK re-publishes on retry): those are answered like any duplicate.
   */
  async #reserveStorage(publisher: string, records: MessageRecord[], ip: string | undefined) {
    const bytes = (list: MessageRecord[]) => list.reduce((sum, record) => sum + storedBytes(record), 0)
    try {
      await this.quotas.reserveStorage(publisher, bytes(records), claimsOf(records, ip))
      return records
    } catch (error) {
      if (!(error instanceof RelayRpcError)) throw error
      const stored = await this.mailbox.storedIds(records.map((record) => record.id))
      const fresh = records.filter((record) => !stored.has(record.id))
      if (fresh.length === records.length) throw error
      if (fresh.length > 0) await this.quotas.reserveStorage(publisher, bytes(fresh), claimsOf(fresh, ip))
      return fresh
    }
  }

  /** Pushes to live subscribers here and, through the fan-out, on every other relay. */
  #announce(record: MessageRecord) {
    this.deliverLocally(record)
    this.#fanOutPublish(record)
  }

  /** Other relays hear of a message only once it is stored: a subscriber there reads the backlog next. */
  #fanOutPublish(record: MessageRecord) {
    this.fanOut
      .publish(record)
      .catch((error) => this.logger.error('fan-out publish failed', { error: String(error) }))
  }

  /** Pushes to this process's subscribers of the topic, except to the publisher itself. */
  deliverLocally(record: MessageRecord) {
    const subscribers = this.#subscribers.get(record.topic)
    if (!subscribers) return
    for (const connection of subscribers) {
      if (connection.clientId !== record.publisher) connection.deliver(record)
    }
  }

  get topicCount() {
    return this.#subscribers.size
  }
}

/** What each record claims of its publisher's address's and the relay's storage budgets. */
function claimsOf(records: readonly MessageRecord[], ip: string | undefined): StorageClaim[] {
  if (ip === undefined) return []
  return records.map((record) => ({ ip, bytes: storedBytes(record), expiresAt: record.expiresAt }))
}
