import type { WebSocket } from 'ws'
import { type IncomingFrame, readIncomingFrame } from './incoming-frame.js'
import { errorFrame, resultFrame, subscriptionFrame } from './json-rpc-frames.js'
import { type MessageRecord, wireMessageJson } from './message-record.js'
import { RelayRpcError, RPC_INTERNAL_ERROR } from './relay-errors.js'
import type { RelayHub } from './relay-hub.js'
import type { RelayLogger } from './relay-logger.js'
import { handleRelayMethod } from './relay-methods.js'
import { SocketOutbox } from './socket-outbox.js'
import { subscriptionId } from './subscription-id.js'

/** A socket that does not drain this much queued output is dropped; it resubscribes and gets the backlog. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024
/** An unacknowledged push is forgotten after this long; the message stays in the mailbox. */
const INFLIGHT_TIMEOUT_MS = 5 * 60_000
/** Frames read ahead of the one being handled; past this the socket stops reading (TCP pushes back). */
const MAX_QUEUED_FRAMES = 8
/**
 * Pushes remembered per socket, for dedupe and for acks. Past this the oldest are forgotten: a duplicate
 * push is dropped by the client, and a forgotten ack only means the message comes again next subscribe.
 */
const MAX_TRACKED_PUSHES = 10_000

// Push ids: numbers well inside 2^53 so any client can echo them back without loss.
let nextPushId = Date.now() * 1_000

/** What an ack needs: no message body stays in memory while the client has not answered. */
interface Inflight extends Pick<MessageRecord, 'id' | 'expiresAt'> {
  sentAt: number
}

/**
 * One client socket: reads frames in order (one at a time, so a subscribe finishes before the publish
 * behind it), answers them, pushes `irn_subscription` messages and records the client's acks.
 */
export class RelayConnection {
  readonly topics = new Set<string>()
  /** Answered the last keepalive ping. */
  alive = true
  readonly #seen = new Map<string, number>()
  readonly #inflight = new Map<string, Inflight>()
  /** subscriptionId per topic: a sha256 that would otherwise be computed for every push. */
  readonly #subscriptionIds = new Map<string, string>()
  #queue: Promise<void> = Promise.resolve()
  #queued = 0
  /** Frames sent this event-loop turn go out in one write (a commit answers and pushes many at once). */
  readonly #outbox: SocketOutbox

  constructor(
    readonly socket: WebSocket,
    /** The JWT issuer (did:key), shared by every socket of the same client (e.g. browser tabs). */
    readonly clientId: string,
    /** The peer's address, for the per-IP socket limit. */
    readonly ip: string,
    private readonly hub: RelayHub<RelayConnection>,
    private readonly logger: RelayLogger,
  ) {
    this.#outbox = new SocketOutbox(socket)
    socket.on('message', (data) => {
      const text = Buffer.isBuffer(data)
        ? data.toString()
        : (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString()
      const frame = readIncomingFrame(text)
      // Acks are not queued behind the client's own requests: one waiting for its publish to commit
      // would otherwise hold back the acks that let the mailbox skip writing them.
      if (frame.kind === 'response') {
        this.#handleResponse(frame)
        return
      }
      // A client that sends faster than the relay answers waits in its TCP window, not in our memory.
      if (++this.#queued >= MAX_QUEUED_FRAMES) socket.pause()
      this.#queue = this.#queue.then(async () => {
        await this.#handleFrame(frame)
        if (--this.#queued < MAX_QUEUED_FRAMES && socket.isPaused) socket.resume()
      })
    })
    socket.on('pong', () => {
      this.alive = true
    })
  }

  get open() {
    return this.socket.readyState === this.socket.OPEN
  }

  /** Pushes a message unless this socket already got it (the Redis channel and the backlog can overlap). */
  deliver(record: MessageRecord) {
    if (!this.open || this.#seen.has(record.id)) return false
    remember(this.#seen, record.id, record.expiresAt)
    const id = nextPushId++
    remember(this.#inflight, String(id), {
      id: record.id,
      expiresAt: record.expiresAt,
      sentAt: this.hub.clock(),
    })
    let subscription = this.#subscriptionIds.get(record.topic)
    if (subscription === undefined) {
      subscription = subscriptionId(record.topic, this.clientId)
      if (this.#subscriptionIds.size >= MAX_TRACKED_PUSHES) this.#subscriptionIds.clear()
      this.#subscriptionIds.set(record.topic, subscription)
    }
    return this.#send(subscriptionFrame(id, subscription, wireMessageJson(record)))
  }

  /** Forgets expired dedupe entries and pushes nobody acknowledged. */
  prune(now = this.hub.clock()) {
    for (const [id, expiresAt] of this.#seen) if (expiresAt <= now) this.#seen.delete(id)
    for (const [id, inflight] of this.#inflight) {
      if (now - inflight.sentAt > INFLIGHT_TIMEOUT_MS) this.#inflight.delete(id)
    }
  }

  /** Closes the socket after writing the frames still waiting for the end of this turn. */
  close(code: number, reason: string) {
    this.#outbox.flush()
    this.socket.close(code, reason)
  }

  /** Sends a frame; false when the socket is closed or was just closed for not draining. */
  #send(frame: string) {
    if (!this.open) return false
    if (this.socket.bufferedAmount + this.#outbox.size > MAX_BUFFERED_BYTES) {
      this.close(1013, 'Client too slow')
      return false
    }
    this.#outbox.push(frame)
    return true
  }

  async #handleFrame(frame: Exclude<IncomingFrame, { kind: 'response' }>) {
    if (frame.kind === 'invalid') {
      this.#send(frame.answer)
      return
    }
    const { rawId, method } = frame
    try {
      const result = await handleRelayMethod(method, frame.params, this, this.hub)
      this.#send(resultFrame(rawId, result))
    } catch (error) {
      if (error instanceof RelayRpcError) {
        this.#send(errorFrame(rawId, error.rpcCode, error.message, error.data))
      } else {
        this.logger.error('relay request failed', { method, error: String(error) })
        this.#send(errorFrame(rawId, RPC_INTERNAL_ERROR, 'Internal error'))
      }
    }
  }

  /** The client's answer to an `irn_subscription` push: an ack marks the message delivered to it. */
  #handleResponse({ rawId, id, acknowledged }: Extract<IncomingFrame, { kind: 'response' }>) {
    const key = typeof id === 'string' ? id : rawId
    const inflight = this.#inflight.get(key)
    if (!inflight) return
    this.#inflight.delete(key)
    if (!acknowledged) return
    this.hub
      .acknowledge(this.clientId, inflight)
      ?.catch((error) => this.logger.error('relay ack failed', { error: String(error) }))
  }
}

/** Map.set that drops the oldest entry once the map holds MAX_TRACKED_PUSHES. */
function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_TRACKED_PUSHES) {
    const oldest = map.keys().next()
    if (!oldest.done) map.delete(oldest.value)
  }
  map.set(key, value)
}
