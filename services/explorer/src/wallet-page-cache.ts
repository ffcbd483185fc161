import type { WalletPage } from './get-wallets.js'
import type { GetWalletsQuery } from './get-wallets-query.js'

/**
 * Short-lived cache of /getWallets answers by normalised query. The registry changes only by seeding and
 * imports (often from another process or replica, which cannot notify us), so a few seconds of staleness
 * is the price of not running the same SQL for every modal that opens.
 */
export function createWalletPageCache(
  ttlMs: number,
  { maxEntries = 1_000, now = Date.now }: { maxEntries?: number; now?: () => number } = {},
) {
  const entries = new Map<string, { expires: number; page: Promise<WalletPage> }>()

  const keyOf = (query: GetWalletsQuery) =>
    JSON.stringify([
      query.page,
      query.entries,
      query.search?.toLowerCase() ?? '',
      [...(query.chains ?? [])].sort(),
      [...(query.include ?? [])].sort(),
      [...(query.exclude ?? [])].sort(),
    ])

  return function cached(query: GetWalletsQuery, load: () => Promise<WalletPage>): Promise<WalletPage> {
    if (ttlMs <= 0) return load()
    const key = keyOf(query)
    const at = now()
    const hit = entries.get(key)
    if (hit && hit.expires > at) return hit.page
    // Oldest first in a Map: dropping the first key keeps the cache bounded.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
    // Concurrent identical requests share one query; a failed query is not kept.
    const page = load()
    entries.set(key, { expires: at + ttlMs, page })
    page.catch(() => entries.delete(key))
    return page
  }
}
