/** Expiries are counted by the hour they end in, so one tally holds at most one entry per hour of TTL. */
const BUCKET_MS = 60 * 60_000

/**
 * Bytes of stored messages that have not expired yet, kept in this process: per remote address (client
 * ids are free, an address is not) and for the whole relay. A message counts until the end of the hour
 * its TTL ends in, which errs on the safe side.
 */
export class StoredBytesTally {
  readonly #byKey = new Map<string, Map<number, number>>()

  /** The unexpired bytes counted for `key`. */
  total(key: string, now: number): number {
    const buckets = this.#byKey.get(key)
    if (!buckets) return 0
    let sum = 0
    for (const [end, bytes] of buckets) {
      if (end <= now) buckets.delete(end)
      else sum += bytes
    }
    if (buckets.size === 0) this.#byKey.delete(key)
    return sum
  }

  /** Adds (or, negative, takes back) bytes that stay stored until `expiresAt`. */
  add(key: string, bytes: number, expiresAt: number) {
    const end = Math.ceil(expiresAt / BUCKET_MS) * BUCKET_MS
    let buckets = this.#byKey.get(key)
    if (!buckets) {
      buckets = new Map()
      this.#byKey.set(key, buckets)
    }
    const next = (buckets.get(end) ?? 0) + bytes
    if (next > 0) buckets.set(end, next)
    else buckets.delete(end)
    if (buckets.size === 0) this.#byKey.delete(key)
  }

  /** Drops what has expired everywhere (periodic upkeep). */
  prune(now: number) {
    for (const key of [...this.#byKey.keys()]) this.total(key, now)
  }
}
