import type { PutResult } from './mailbox.js'
import { type MessageRecord, storedBytes } from './message-record.js'

/**
 * How long a message pushed to every live subscriber waits for their acks before it is stored. Acks
 * come back within milliseconds from a healthy client, but within hundreds when the relay (or the
 * client) is overloaded: a short window would then store everything, making the relay costlier exactly
 * when it has no CPU to spare. The SDK waits 15 s for a publish answer, so a second is invisible to it;
 * only a publish to a silent live subscriber is answered up to this much later.
 */
export const ACK_WINDOW_MS = 1_000
/** Messages, and bytes of message text, waiting at once; past either a publish is stored at once. */
export const MAX_WAITING_MESSAGES = 20_000
export const MAX_WAITING_BYTES = 32 * 1024 * 1024

/** Stores a message and records the acks it got while it waited (SqlMailbox puts them on its row). */
export type StoreWithAcks = (record: MessageRecord, ackedBy: readonly string[]) => Promise<PutResult>

interface Waiting {
  record: MessageRecord
  /** Clients (never the publisher) whose ack has not come yet. */
  missing: Set<string>
  acked: string[]
  bytes: number
  deadline: number
  /** Undefined: every client acked, nothing was stored. */
  settle: (stored: Promise<PutResult> | undefined) => void
}

/**
 * Write-behind for one process that sees every subscriber of a topic: a message every live subscriber
 * acknowledges within the window has been delivered, and storing it would only serve a subscriber that
 * is not there (each client's acks hide a message from all its sockets). A message not acknowledged in
 * time, or waiting when someone subscribes to its topic or the relay closes, is stored. The publisher is
 * answered only after one or the other, so an answered publish is delivered or durable.
 */
export class AckWindow {
  /** By message id; insertion order is deadline order (one window for all). */
  readonly #waiting = new Map<string, Waiting>()
  /** The same messages by topic: a subscribe stores its topic's without scanning the rest. */
  readonly #byTopic = new Map<string, Set<Waiting>>()
  #timer: NodeJS.Timeout | undefined
  #bytes = 0

  constructor(
    private readonly store: StoreWithAcks,
    private readonly windowMs = ACK_WINDOW_MS,
  ) {}

  /** Whether a message can wait for acks instead of being stored now (room left, not waiting already). */
  canWait(record: MessageRecord) {
    return (
      this.#waiting.size < MAX_WAITING_MESSAGES &&
      this.#bytes + storedBytes(record) <= MAX_WAITING_BYTES &&
      !this.#waiting.has(record.id)
    )
  }

  /**
   * Resolves once every recipient has acked (undefined: nothing stored) or the message had to be
   * stored (the put's result).
   */
  wait(record: MessageRecord, recipients: Set<string>): Promise<Promise<PutResult> | undefined> {
    return new Promise((settle) => {
      const deadline = performance.now() + this.windowMs
      const bytes = storedBytes(record)
      this.#bytes += bytes
      const waiting: Waiting = { record, missing: recipients, acked: [], bytes, deadline, settle }
      this.#waiting.set(record.id, waiting)
      let onTopic = this.#byTopic.get(record.topic)
      if (!onTopic) {
        onTopic = new Set()
        this.#byTopic.set(record.topic, onTopic)
      }
      onTopic.add(waiting)
      this.#timer ??= setTimeout(() => this.#expire(), this.windowMs)
    })
  }

  /** Takes a client's ack of a waiting message; false when the message is not waiting (store the ack). */
  acknowledge(clientId: string, id: string) {
    const waiting = this.#waiting.get(id)
    if (!waiting?.missing.delete(clientId)) return false
    waiting.acked.push(clientId)
    if (waiting.missing.size === 0) {
      this.#forget(waiting)
      waiting.settle(undefined)
    }
    return true
  }

  /** Stores the messages waiting on a topic now: a subscriber reading its backlog must find them. */
  storeTopic(topic: string) {
    const onTopic = this.#byTopic.get(topic)
    if (onTopic) for (const waiting of onTopic) this.#storeNow(waiting)
  }

  /** Stores every waiting message (the relay is closing). */
  storeAll() {
    clearTimeout(this.#timer)
    this.#timer = undefined
    for (const waiting of this.#waiting.values()) this.#storeNow(waiting)
  }

  get size() {
    return this.#waiting.size
  }

  #forget(waiting: Waiting) {
    this.#waiting.delete(waiting.record.id)
    this.#bytes -= waiting.bytes
    const onTopic = this.#byTopic.get(waiting.record.topic)
    onTopic?.delete(waiting)
    if (onTopic?.size === 0) this.#byTopic.delete(waiting.record.topic)
  }

  #storeNow(waiting: Waiting) {
    this.#forget(waiting)
    // The put is queued now, synchronously: a backlog read right after this sees it.
    waiting.settle(this.store(waiting.record, waiting.acked))
  }

  /** One timer for all: stores what is past its deadline and sleeps until the next one. */
  #expire() {
    this.#timer = undefined
    const now = performance.now()
    for (const waiting of this.#waiting.values()) {
      if (waiting.deadline > now) {
        this.#timer = setTimeout(() => this.#expire(), Math.max(1, waiting.deadline - now))
        return
      }
      this.#storeNow(waiting)
    }
  }
}
