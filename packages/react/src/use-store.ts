import type { Store } from '@portico/core/internal'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * Reads a slice of a core store and re-renders when it changes; the selector must return a stable value
 * (a primitive or a stored object).
 *
 * @example
 * ```tsx
 * const portico = usePortico()
 * const tokens = useStore(portico.account.store, (state) => state.tokenBalances)
 * ```
 */
export function useStore<T, S>(store: Store<T>, selector: (state: T) => S): S {
  const getSnapshot = useCallback(() => selector(store.getState()), [store, selector])
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot)
}
