import type { FanOut } from './fan-out.js'
import type { Mailbox } from './mailbox.js'
import type { MessageRecord } from './message-record.js'
import type { RelayConnection } from './relay-connection.js'
import type { RelayLogger } from './relay-logger.js'

/** Routes messages between this process's sockets, the mailbox and the other processes. */
export class RelayHub {
  readonly connections = new Set<RelayConnection>()
  readonly #subscribers = new Map<string, Set<RelayConnection>>()
  /** Resolves once this process listens on the topic's fan-out channel. */
  readonly #channels = new Map<string, Promise<void>>()

  constructor(
    readonly mailbox: Mailbox,
    readonly fanOut: FanOut,
    readonly minTtlSeconds: number,
    private readonly logger: RelayLogger,
  ) {}

  /** Subscribes, then replays the backlog: channel first, so nothing published in between is missed. */
  async subscribe(connection: RelayConnection, topic: string) {
    let subscribers = this.#subscribers.get(topic)
    if (!subscribers) {
      subscribers = new Set()
      this.#subscribers.set(topic, subscribers)
      this.#channels.set(topic, this.fanOut.subscribe(topic))
    }
    subscribers.add(connection)
    connection.topics.add(topic)
    await this.#channels.get(topic)
    for (const record of await this.mailbox.backlog(topic, connection.clientId)) connection.deliver(record)
  }

  unsubscribe(connection: RelayConnection, topic: string) {
    connection.topics.delete(topic)
    const subscribers = this.#subscribers.get(topic)
    if (!subscribers?.delete(connection) || subscribers.size > 0) return
    this.#subscribers.delete(topic)
    this.#channels.delete(topic)
    this.fanOut
      .unsubscribe(topic)
      .catch((error) => this.logger.error('fan-out unsubscribe failed', { error: String(error) }))
  }

  disconnect(connection: RelayConnection) {
    this.connections.delete(connection)
    for (const topic of [...connection.topics]) this.unsubscribe(connection, topic)
  }

  /** Stores, delivers to live subscribers, and resolves once the message is durable. Duplicates are dropped. */
  async publish(record: MessageRecord) {
    const { created, stored } = await this.mailbox.put(record)
    if (created) {
      this.deliverLocally(record)
      this.fanOut
        .publish(record)
        .catch((error) => this.logger.error('fan-out publish failed', { error: String(error) }))
    }
    await stored
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
