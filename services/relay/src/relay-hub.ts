import { AckWindow } from './ack-window.js'
import type { ClientQuotas, StorageClaim } from './client-quotas.js'
import type { FanOut } from './fan-out.js'
import type { Mailbox, PutResult } from './mailbox.js'
import { type MessageRecord, storedBytes } from './message-record.js'
import { RelayRpcError, RPC_REQUEST_REFUSED } from './relay-errors.js'
import type { RelayLogger } from './relay-logger.js'

/** What the hub needs of a socket it delivers to (a Connection). */
export interface RelaySubscriber {
  /** The JWT issuer (did:key), shared by every socket of the same client. */
  readonly clientId: string
  readonly topics: Set<string>
  /** Pushes the message; false when this socket did not push it (closed, or it had it already). */
  deliver(record: MessageRecord): boolean
}

/** Routes messages between this process's sockets, the mailbox and the other processes. */
export class RelayHub<Connection extends RelaySubscriber = RelaySubscriber> {
  readonly connections = new Set<Connection>()
  readonly #subscribers = new Map<string, Set<Connection>>()
  /** Resolves once this process listens on the topic's fan-out channel. */
  readonly #channels = new Map<string, Promise<void>>()
  /** Only when every subscriber is on this process (no fan-out): see AckWindow. */
  readonly #ackWindow: AckWindow | undefined
  #shutDown = false

  constructor(
    readonly mailbox: Mailbox,
    readonly fanOut: FanOut,
    readonly quotas: ClientQuotas,
    readonly minTtlSeconds: number,
    readonly clock: () => number,
    private readonly logger: RelayLogger,
    /** Milliseconds a message pushed to every live subscriber waits for their acks before it is stored; 0: none. */
    ackWindowMs = 0,
  ) {
    this.#ackWindow =
      ackWindowMs > 0
        ? new AckWindow((record, acked) => this.#storeWithAcks(record, acked), ackWindowMs)
        : undefined
  }

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
    const { records } = await this.backlog(topic, connection.clientId)
    for (const record of records) connection.deliver(record)
  }

  /** The mailbox's backlog, with the messages still waiting for acks on the topic stored first. */
  backlog(topic: string, clientId: string) {
    this.#ackWindow?.storeTopic(topic)
    return this.mailbox.backlog(topic, clientId)
  }

  /** A client's ack of a push: settles a message waiting for it (undefined), or is stored. */
  acknowledge(clientId: string, record: Pick<MessageRecord, 'id' | 'expiresAt'>): Promise<void> | undefined {
    if (this.#ackWindow?.acknowledge(clientId, record.id)) return undefined
    return this.mailbox.ack(clientId, record)
  }

  /**
   * Before the storage closes: stores whatever still waits for acks, and stops unsubscribing from the
   * fan-out as the last sockets go (closing its connection drops every subscription at once).
   */
  shutDown() {
    this.#shutDown = true
    this.#ackWindow?.storeAll()
  }

  unsubscribe(connection: Connection, topic: string) {
    connection.topics.delete(topic)
    const subscribers = this.#subscribers.get(topic)
    if (!subscribers?.delete(connection) || subscribers.size > 0) return
    this.#subscribers.delete(topic)
    this.#channels.delete(topic)
    if (this.#shutDown) return
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
          const put = await this.#deliverAndStore(record)
          // Acknowledged by every live subscriber: delivered, nothing stored, no room taken.
          if (!put) return
          const { created, stored } = put
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
   * Pushes to live subscribers here and stores the message: at once, or (with the ack window) only if
   * one of them does not ack it in time. Resolves with the put, or undefined when all of them acked.
   */
  async #deliverAndStore(record: MessageRecord): Promise<PutResult | undefined> {
    if (this.#ackWindow?.canWait(record)) {
      const recipients = this.#pushToAll(record)
      if (recipients) return this.#ackWindow.wait(record, recipients)
      return this.mailbox.put(record)
    }
    const putting = this.mailbox.put(record)
    // Live subscribers here get it while it is written (the mailbox makes a subscribe that comes
    // meanwhile wait for the write); the publisher is answered only once it is durable.
    this.deliverLocally(record)
    return putting
  }

  /**
   * Pushes to every subscriber here but the publisher and returns their client ids, or undefined when
   * there is none or one of them did not get it now (then only storing the message is safe).
   */
  #pushToAll(record: MessageRecord) {
    const subscribers = this.#subscribers.get(record.topic)
    if (!subscribers) return undefined
    const recipients = new Set<string>()
    let missed: Set<string> | undefined
    for (const connection of subscribers) {
      if (connection.clientId === record.publisher) continue
      if (connection.deliver(record)) recipients.add(connection.clientId)
      else {
        missed ??= new Set()
        missed.add(connection.clientId)
      }
    }
    if (missed) for (const clientId of recipients) missed.delete(clientId)
    return recipients.size > 0 && !missed?.size ? recipients : undefined
  }

  /** Stores a message that waited in vain, with the acks it did get. */
  #storeWithAcks(record: MessageRecord, ackedBy: readonly string[]) {
    const putting = this.mailbox.put(record)
    for (const clientId of ackedBy) {
      this.mailbox
        .ack(clientId, record)
        .catch((error) => this.logger.error('relay ack failed', { error: String(error) }))
    }
    return putting
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
