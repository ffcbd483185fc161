import { randomUUID } from 'node:crypto'
import type { QuotaStore } from './quota-store.js'
import { RelayRpcError, RPC_REQUEST_REFUSED, RPC_TOO_MANY_REQUESTS } from './relay-errors.js'
import type { RelayLimits } from './relay-limits.js'
import { StoredBytesTally } from './stored-bytes-tally.js'

/** How long a client's stored-bytes figure is trusted before it is read again from the mailbox. */
export const STORED_BYTES_REFRESH_MS = 10_000

interface StoredUsage {
  bytes: number
  readAt: number
  /** Last reservation: a client idle for STORED_BYTES_REFRESH_MS is forgotten. */
  usedAt: number
  /** Reservations whose messages are not committed yet: a re-read now would miss them. */
  pending: number
  reading?: Promise<void>
  /** Bytes reserved while a re-read was under way: the figure it returns may not include them yet. */
  reservedDuringRead: number
}

/** Where a publish's bytes are counted besides its client: its remote address, and until when they stay. */
export interface StorageClaim {
  ip: string
  bytes: number
  expiresAt: number
}

/** Counted across every address: the relay's own total. */
const TOTAL_KEY = '*'

/** A socket that was let in: `release` (once it closes) frees its place in the quotas. */
export type SocketAdmission = { refusal: string } | { refusal?: undefined; release(): void }

/**
 * Enforces RelayLimits per client id (and sockets per IP). Socket counts and publish buckets live in the
 * QuotaStore: this process's memory, or Redis so that relays sharing it enforce one quota per client.
 * Stored bytes are read from the mailbox, which is shared the same way.
 */
export class ClientQuotas {
  readonly #stored = new Map<string, StoredUsage>()
  /** Stored bytes per remote address and in total, counted by this process. */
  readonly #tally = new StoredBytesTally()
  /** Tells this process's sockets apart from other relays' in a shared store. */
  readonly #replicaId = randomUUID()
  #socketSerial = 0

  constructor(
    readonly limits: RelayLimits,
    private readonly store: QuotaStore,
    private readonly readStoredBytes: (clientId: string) => Promise<number>,
    private readonly clock: () => number,
    private readonly onError: (error: unknown) => void = () => {},
    /**
     * Other relay processes store into the same mailbox (Redis): a client's figure is re-read every
     * STORED_BYTES_REFRESH_MS to see their writes. Alone on its mailbox, this process's own figure can only
     * be too high (by messages that expired since), so it is re-read only when it would refuse.
     */
    private readonly mailboxShared = true,
  ) {}

  #refusal(hit: 'ip' | 'client' | undefined) {
    if (hit === 'ip') return `Too many connections from this address (limit ${this.limits.maxSocketsPerIp})`
    if (hit === 'client')
      return `Too many connections for this client (limit ${this.limits.maxSocketsPerClient})`
    return undefined
  }

  /** Why one more socket from this address (and client, once known) would be refused, if it would. */
  async socketRefusal(ip: string, clientId?: string): Promise<string | undefined> {
    const counts = await this.store.socketCounts(ip, clientId, this.clock())
    if (counts.ip >= this.limits.maxSocketsPerIp) return this.#refusal('ip')
    if (clientId !== undefined && counts.client >= this.limits.maxSocketsPerClient)
      return this.#refusal('client')
    return undefined
  }

  /** Counts a new socket, or says why it is refused. */
  async admitSocket(clientId: string, ip: string): Promise<SocketAdmission> {
    const socketId = `${this.#replicaId}:${++this.#socketSerial}`
    const hit = await this.store.admitSocket(socketId, clientId, ip, this.limits, this.clock())
    const refusal = this.#refusal(hit)
    if (refusal) return { refusal }
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        this.store.releaseSocket(socketId, clientId, ip).catch(this.onError)
      },
    }
  }

  /** Takes `count` publishes from the client's token bucket, all or none. */
  async takePublishes(clientId: string, count: number) {
    const budget = { capacity: this.limits.publishBurst, ratePerSecond: this.limits.publishesPerSecond }
    if (!(await this.store.takePublishes(clientId, count, budget, this.clock()))) {
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
  async reserveStorage(clientId: string, bytes: number, claims: readonly StorageClaim[] = []) {
    const usage = await this.#usage(clientId, bytes)
    const limit = this.limits.maxStoredBytesPerClient
    // A figure being re-read only matters when it would refuse: expired messages may have freed room.
    if (usage.bytes + bytes > limit && usage.reading) await usage.reading.catch(() => {})
    if (usage.bytes + bytes > limit) {
      throw new RelayRpcError(
        RPC_REQUEST_REFUSED,
        `Mailbox limit exceeded: this client already stores ${usage.bytes} bytes of undelivered messages (limit ${limit})`,
        'MailboxLimitExceeded',
      )
    }
    this.#reserveShared(claims)
    usage.bytes += bytes
    if (usage.reading) usage.reservedDuringRead += bytes
    usage.pending++
  }

  /** The address's and the relay's own budgets; all the claims or none. */
  #reserveShared(claims: readonly StorageClaim[]) {
    if (claims.length === 0) return
    const now = this.clock()
    const bytes = claims.reduce((sum, claim) => sum + claim.bytes, 0)
    const ip = claims[0]?.ip as string
    const byIp = this.#tally.total(ip, now)
    if (byIp + bytes > this.limits.maxStoredBytesPerIp)
      throw new RelayRpcError(
        RPC_REQUEST_REFUSED,
        `Mailbox limit exceeded: clients from this address already store ${byIp} bytes of undelivered messages (limit ${this.limits.maxStoredBytesPerIp})`,
        'MailboxLimitExceeded',
      )
    const total = this.#tally.total(TOTAL_KEY, now)
    if (total + bytes > this.limits.maxStoredBytesTotal)
      throw new RelayRpcError(
        RPC_REQUEST_REFUSED,
        `Mailbox limit exceeded: the relay stores as many undelivered messages as it may (${this.limits.maxStoredBytesTotal} bytes); try again later`,
        'MailboxLimitExceeded',
      )
    for (const claim of claims) {
      this.#tally.add(claim.ip, claim.bytes, claim.expiresAt)
      this.#tally.add(TOTAL_KEY, claim.bytes, claim.expiresAt)
    }
  }

  /** `unstored`: the claims whose messages were not stored after all (duplicates, failures). */
  settleStorage(clientId: string, unstoredBytes: number, unstored: readonly StorageClaim[] = []) {
    for (const claim of unstored) {
      this.#tally.add(claim.ip, -claim.bytes, claim.expiresAt)
      this.#tally.add(TOTAL_KEY, -claim.bytes, claim.expiresAt)
    }
    const usage = this.#stored.get(clientId)
    if (!usage) return
    usage.pending--
    usage.bytes = Math.max(0, usage.bytes - unstoredBytes)
  }

  /** Periodic upkeep: the store's (idle buckets, socket leases) and usage figures that would be re-read anyway. */
  async prune() {
    const now = this.clock()
    for (const [clientId, usage] of this.#stored) {
      if (usage.pending === 0 && !usage.reading && now - usage.usedAt >= STORED_BYTES_REFRESH_MS) {
        this.#stored.delete(clientId)
      }
    }
    this.#tally.prune(now)
    await this.store.maintain(now)
  }

  /** The client's usage figure, read (or re-read) first when needed to reserve `adding` more bytes. */
  async #usage(clientId: string, adding: number): Promise<StoredUsage> {
    const now = this.clock()
    let usage = this.#stored.get(clientId)
    if (!usage) {
      usage = { bytes: 0, readAt: -Infinity, usedAt: now, pending: 0, reservedDuringRead: 0 }
      this.#stored.set(clientId, usage)
    }
    usage.usedAt = now
    const stale = now - usage.readAt >= STORED_BYTES_REFRESH_MS
    const wanted =
      this.mailboxShared ||
      usage.readAt === -Infinity ||
      usage.bytes + adding > this.limits.maxStoredBytesPerClient
    if (stale && wanted && usage.pending === 0 && !usage.reading) {
      const entry = usage
      entry.reservedDuringRead = 0
      entry.reading = this.readStoredBytes(clientId).then(
        (bytes) => {
          // Counting a reservation twice (its message may already be in the figure) errs on the safe side.
          entry.bytes = bytes + entry.reservedDuringRead
          entry.readAt = this.clock()
          entry.reading = undefined
        },
        (error) => {
          entry.reading = undefined
          throw error
        },
      )
    }
    // Expired messages only make a fresh figure smaller, so a stale one errs on the safe side: only the
    // first read is waited for, not every periodic re-read.
    if (usage.reading && usage.readAt === -Infinity) await usage.reading
    return usage
  }
}
