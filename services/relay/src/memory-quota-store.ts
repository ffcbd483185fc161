import type { PublishBudget, QuotaStore, SocketLimitHit, SocketLimits } from './quota-store.js'
import { TokenBucket } from './token-bucket.js'

/** The counters of one relay process: exact, and gone with the process (as its sockets are). */
export class MemoryQuotaStore implements QuotaStore {
  readonly #socketsByClient = new Map<string, number>()
  readonly #socketsByIp = new Map<string, number>()
  readonly #buckets = new Map<string, TokenBucket>()

  async socketCounts(ip: string, clientId: string | undefined) {
    return {
      ip: this.#socketsByIp.get(ip) ?? 0,
      client: clientId === undefined ? 0 : (this.#socketsByClient.get(clientId) ?? 0),
    }
  }

  async admitSocket(
    _socketId: string,
    clientId: string,
    ip: string,
    limits: SocketLimits,
  ): Promise<SocketLimitHit | undefined> {
    if ((this.#socketsByIp.get(ip) ?? 0) >= limits.maxSocketsPerIp) return 'ip'
    if ((this.#socketsByClient.get(clientId) ?? 0) >= limits.maxSocketsPerClient) return 'client'
    this.#socketsByClient.set(clientId, (this.#socketsByClient.get(clientId) ?? 0) + 1)
    this.#socketsByIp.set(ip, (this.#socketsByIp.get(ip) ?? 0) + 1)
    return undefined
  }

  async releaseSocket(_socketId: string, clientId: string, ip: string) {
    decrement(this.#socketsByClient, clientId)
    decrement(this.#socketsByIp, ip)
  }

  async takePublishes(clientId: string, count: number, budget: PublishBudget, now: number) {
    let bucket = this.#buckets.get(clientId)
    if (!bucket) {
      bucket = new TokenBucket(budget.capacity, budget.ratePerSecond, now)
      this.#buckets.set(clientId, bucket)
    }
    return bucket.take(count, now)
  }

  /** Forgets buckets that are full again: memory stays proportional to the clients active lately. */
  async maintain(now: number) {
    for (const [clientId, bucket] of this.#buckets) {
      if (!this.#socketsByClient.has(clientId) && bucket.isFull(now)) this.#buckets.delete(clientId)
    }
  }
}

function decrement(counts: Map<string, number>, key: string) {
  const count = (counts.get(key) ?? 0) - 1
  if (count <= 0) counts.delete(key)
  else counts.set(key, count)
}
