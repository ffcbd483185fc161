import { createStore as createZustandStore, type StoreApi } from 'zustand/vanilla'

/** A small observable state container; React reads it with useSyncExternalStore. */
export type Store<T> = StoreApi<T>

export function createStore<T extends object>(initial: T): Store<T> {
  return createZustandStore<T>()(() => initial)
}
