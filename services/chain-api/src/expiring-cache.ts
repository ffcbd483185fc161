export interface ExpiringCacheOptions {
  /** Past this many keys the oldest goes (default 10,000). */
  maxEntries?: number
  /**
   * A refresh within this long of the last load's start shares that load instead of starting one
   * (default 0: every refresh reads, though refreshes during a load still share one read after it).
   */
  minRefreshIntervalMs?: number
  /** Clock in ms (tests move it). */
  now?: () => number
}

interface Entry<V> {
  startedAt: number
  value: Promise<V>
  settled: boolean
  /** The one load queued behind a running one, shared by every refresh that arrived meanwhile. */
  next?: Promise<V>
}

/**
 * Remembers the promise of a value for `ttlMs`, so concurrent and repeated requests share one upstream call.
 * A refresh (a client's forceUpdate) skips the stored value, but never multiplies loads: refreshes that
 * arrive while a load runs share a single load started after it ends (so they still see changes made
 * before they asked), and within `minRefreshIntervalMs` of a load's start they share that load.
 * A failed load is forgotten at once.
 */
export function createExpiringCache<V>(ttlMs: number, options: ExpiringCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 10_000
  const minRefreshIntervalMs = options.minRefreshIntervalMs ?? 0
  const clock = options.now ?? Date.now
  const entries = new Map<string, Entry<V>>()

  const start = (key: string, load: () => Promise<V>): Promise<V> => {
    const entry: Entry<V> = { startedAt: clock(), value: load(), settled: false }
    entries.delete(key)
    entries.set(key, entry)
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    entry.value.then(
      () => {
        entry.settled = true
      },
      () => {
        entry.settled = true
        if (entries.get(key) === entry) entries.delete(key)
      },
    )
    return entry.value
  }

  return {
    get(key: string, load: () => Promise<V>, { refresh = false }: { refresh?: boolean } = {}): Promise<V> {
      const hit = entries.get(key)
      if (!hit) return start(key, load)
      const age = clock() - hit.startedAt
      if (!refresh) return age < ttlMs ? hit.value : start(key, load)
      if (age < minRefreshIntervalMs) return hit.value
      if (hit.settled) return start(key, load)
      const settledHit = hit.value.then(
        () => undefined,
        () => undefined,
      )
      hit.next ??= settledHit.then(() => start(key, load))
      return hit.next
    },
  }
}
