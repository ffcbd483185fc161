import type { RouteData, RouterState, ViewName } from './router.js'

// Apart from router.ts, which the first paint holds: only the views read it.
/** The data of the current view when it is `view`. */
export function currentRouteData<V extends ViewName>(state: RouterState, view: V): RouteData<V> | undefined {
  const entry = state.history.at(-1)
  return entry?.view === view ? (entry.data as RouteData<V> | undefined) : undefined
}
