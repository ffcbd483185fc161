/**
 * Remembers the promise of a value for `ttlMs`, so concurrent and repeated requests share one upstream call.
 * A failed load is forgotten at once. Bounded: past `maxEntries` the oldest entry goes.
 */
export function createExpiringCache<V>(ttlMs: number, maxEntries = 10_000) {
  const entries = new Map<string, { expires: number; value: Promise<V> }>()
  return {
    get(key: string, load: () => Promise<V>, options: { refresh?: boolean } = {}): Promise<V> {
      const now = Date.now()
      const hit = entries.get(key)
      if (hit && hit.expires > now && !options.refresh) return hit.value
      const value = load()
      entries.delete(key)
      entries.set(key, { expires: now + ttlMs, value })
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      return value
    },
  }
}
