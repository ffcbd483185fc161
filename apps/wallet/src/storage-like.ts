/** The subset of the Web Storage API the wallet uses, so tests and Node callers can pass their own. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** A Storage kept in memory: the fallback where no localStorage exists (Node), and handy in tests. */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  }
}

/** The page's localStorage when there is one and it is usable (it throws in sandboxed frames). */
export function defaultStorage(): StorageLike {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage
    if (storage) {
      const probe = 'portico-test-wallet:probe'
      storage.setItem(probe, '1')
      storage.removeItem(probe)
      return storage
    }
  } catch {
    // Fall through: storage is blocked, remember authorizations for this page's lifetime only.
  }
  return createMemoryStorage()
}
