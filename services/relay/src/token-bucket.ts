/**
 * A token bucket: holds up to `capacity` tokens and gains `ratePerSecond` a second. Taking fails as a
 * whole when too few are left, so a batch is either fully allowed or fully refused.
 */
export class TokenBucket {
  #tokens: number
  #updatedAt: number

  constructor(
    private readonly capacity: number,
    private readonly ratePerSecond: number,
    now: number,
  ) {
    this.#tokens = capacity
    this.#updatedAt = now
  }

  take(count: number, now: number) {
    this.#refill(now)
    if (count > this.#tokens) return false
    this.#tokens -= count
    return true
  }

  /** Back to full capacity: forgetting this bucket would change nothing. */
  isFull(now: number) {
    this.#refill(now)
    return this.#tokens >= this.capacity
  }

  #refill(now: number) {
    const elapsedSeconds = Math.max(0, now - this.#updatedAt) / 1000
    this.#tokens = Math.min(this.capacity, this.#tokens + elapsedSeconds * this.ratePerSecond)
    this.#updatedAt = now
  }
}
