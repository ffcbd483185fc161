import { RelayRpcError, RPC_REQUEST_REFUSED, RPC_TOO_MANY_REQUESTS } from './relay-errors.js'
import type { RelayLimits } from './relay-limits.js'
import { TokenBucket } from './token-bucket.js'

/** How long a client's stored-bytes figure is trusted before it is read again from the mailbox. */
export const STORED_BYTES_REFRESH_MS = 10_000

interface StoredUsage {
  bytes: number
  readAt: number
  /** Reservations whose messages are not committed yet: a re-read now would miss them. */
  pending: number
  reading?: Promise<void>
}

/**
 * Enforces RelayLimits per client id (and sockets per IP). Memory stays proportional to the clients
 * active lately: entries are dropped once they no longer restrict anything.
 */
export class ClientQuotas {
  readonly #socketsByClient = new Map<string, number>()
  readonly #socketsByIp = new Map<string, number>()
  readonly #buckets = new Map<string, TokenBucket>()
  readonly #stored = new Map<string, StoredUsage>()

  constructor(
    readonly limits: RelayLimits,
    private readonly readStoredBytes: (clientId: string) => Promise<number>,
    private readonly clock: () => number,
  ) {}

  /** Why one more socket from this address (and client, once known) would be refused, if it would. */
  socketRefusal(ip: string, clientId?: string): string | undefined {
    if ((this.#socketsByIp.get(ip) ?? 0) >= this.limits.maxSocketsPerIp) {
      return `Too many connections from this address (limit ${this.limits.maxSocketsPerIp})`
    }
    if (
      clientId !== undefined &&
      (this.#socketsByClient.get(clientId) ?? 0) >= this.limits.maxSocketsPerClient
    ) {
      return `Too many connections for this client (limit ${this.limits.maxSocketsPerClient})`
    }
    return undefined
  }

  /** Counts a new socket, or returns why it is refused. */
  admitSocket(clientId: string, ip: string): string | undefined {
    const refusal = this.socketRefusal(ip, clientId)
    if (refusal) return refusal
    this.#socketsByClient.set(clientId, (this.#socketsByClient.get(clientId) ?? 0) + 1)
    this.#socketsByIp.set(ip, (this.#socketsByIp.get(ip) ?? 0) + 1)
    return undefined
  }

  releaseSocket(clientId: string, ip: string) {
    decrement(this.#socketsByClient, clientId)
    decrement(this.#socketsByIp, ip)
  }

  /** Takes `count` publishes from the client's token bucket, all or none. */
  takePublishes(clientId: string, count: number) {
    const now = this.clock()
    let bucket = this.#buckets.get(clientId)
    if (!bucket) {
      bucket = new TokenBucket(this.limits.publishBurst, this.limits.publishesPerSecond, now)
      this.#buckets.set(clientId, bucket)
    }
    if (!bucket.take(count, now)) {
      throw new RelayRpcError(
        RPC_TOO_MANY_REQUESTS,
        `Too many requests: at most ${this.limits.publishesPerSecond} publishes per second (bursts of ${this.limits.publishBurst})`,
        'TooManyRequests',
      )
    }
  }

  /**
   * Reserves room for `bytes` more stored bytes, or refuses. Call settleStorage once the messages are
   * written, with the bytes that turned out not to be stored (duplicates, failures).
   */
  async reserveStorage(clientId: string, bytes: number) {
    const usage = await this.#usage(clientId)
    const limit = this.limits.maxStoredBytesPerClient
    if (usage.bytes + bytes > limit) {
      throw new RelayRpcError(
        RPC_REQUEST_REFUSED,
        `Mailbox limit exceeded: this client already stores ${usage.bytes} bytes of undelivered messages (limit ${limit})`,
        'MailboxLimitExceeded',
      )
    }
    usage.bytes += bytes
    usage.pending++
  }

  settleStorage(clientId: string, unstoredBytes: number) {
    const usage = this.#stored.get(clientId)
    if (!usage) return
    usage.pending--
    usage.bytes = Math.max(0, usage.bytes - unstoredBytes)
  }

  /** Forgets buckets that are full again and usage figures that would be re-read anyway. */
  prune() {
    const now = this.clock()
    for (const [clientId, bucket] of this.#buckets) {
      if (!this.#socketsByClient.has(clientId) && bucket.isFull(now)) this.#buckets.delete(clientId)
    }
    for (const [clientId, usage] of this.#stored) {
      if (usage.pending === 0 && !usage.reading && now - usage.readAt >= STORED_BYTES_REFRESH_MS) {
        this.#stored.delete(clientId)
      }
    }
  }

  async #usage(clientId: string): Promise<StoredUsage> {
    let usage = this.#stored.get(clientId)
    if (!usage) {
      usage = { bytes: 0, readAt: -Infinity, pending: 0 }
      this.#stored.set(clientId, usage)
    }
    const stale = this.clock() - usage.readAt >= STORED_BYTES_REFRESH_MS
    if (stale && usage.pending === 0 && !usage.reading) {
      const entry = usage
      entry.reading = this.readStoredBytes(clientId).then(
        (bytes) => {
          entry.bytes = bytes
          entry.readAt = this.clock()
          entry.reading = undefined
        },
        (error) => {
          entry.reading = undefined
          throw error
        },
      )
    }
    // Expired messages only make a fresh figure smaller, so a stale one errs on the safe side.
    if (usage.reading && usage.readAt === -Infinity) await usage.reading
    else if (usage.reading) await usage.reading.catch(() => {})
    return usage
  }
}

function decrement(counts: Map<string, number>, key: string) {
  const count = (counts.get(key) ?? 0) - 1
  if (count <= 0) counts.delete(key)
  else counts.set(key, count)
}
