import { createStore, type Store } from '../store.js'

/**
 * The modal's views by name, each with the data its route carries (`undefined`: none). A feature
 * adds its views by declaration merging, beside its declaration (packages/react/src/features):
 *
 *     declare module '@portico/core' {
 *       interface ViewRegistry { Activity: undefined }
 *     }
 *
 * The entries here are the kernel's views (the router, modal, network and connection controllers open
 * them by name); a core feature that opens a view by name registers it beside that code the same way
 * (auth-controller.ts, features/pairing, features/names, features/siwe). The UI provides them all.
 */
export interface ViewRegistry {
  Connect: undefined
  /** Waits on the connector a wallet was picked with. */
  ConnectingWallet: { connectorId: string }
  /** Asks which namespace a multi-chain wallet (a MULTI_CHAIN connector) connects in. */
  ConnectingMultiChain: { connectorId: string }
  Account: undefined
  Networks: undefined
  UnsupportedChain: undefined
}

/** A modal view `open({ view })` takes: `Connect`, `Account`, `Networks`, `Activity`, `AllWallets`… */
export type ViewName = keyof ViewRegistry & string

/** The data a route to `view` carries. */
export type RouteData<V extends ViewName = ViewName> = ViewRegistry[V]

/** One view of the stack with its data; `view` tells which data it carries. */
export type RouterEntry = {
  [V in ViewName]: { view: V; data?: ViewRegistry[V] }
}[ViewName]

export interface RouterState {
  history: readonly RouterEntry[]
}

export interface Router {
  store: Store<RouterState>
  current(): RouterEntry | undefined
  push<V extends ViewName>(view: V, data?: RouteData<V>): void
  replace<V extends ViewName>(view: V, data?: RouteData<V>): void
  reset<V extends ViewName>(view: V, data?: RouteData<V>): void
  /** Pops one view; with only one view left it calls `onEmpty` (the modal closes). */
  goBack(): void
  /** Keeps the views up to and including `index`. */
  goBackToIndex(index: number): void
  indexOf(view: ViewName): number
}

/** The modal's view stack (spec §2): there are no URL routes, only this history. */
export function createRouter(options: { onEmpty: () => void }): Router {
  const store = createStore<RouterState>({ history: [] })
  const entry = <V extends ViewName>(view: V, data?: RouteData<V>) =>
    (data ? { view, data } : { view }) as RouterEntry
  const set = (history: RouterEntry[]) => store.setState({ history })

  return {
    store,
    current: () => store.getState().history.at(-1),
    push(view, data) {
      set([...store.getState().history, entry(view, data)])
    },
    replace(view, data) {
      set([...store.getState().history.slice(0, -1), entry(view, data)])
    },
    reset(view, data) {
      set([entry(view, data)])
    },
    goBack() {
      const { history } = store.getState()
      if (history.length <= 1) {
        options.onEmpty()
        return
      }
      set(history.slice(0, -1))
    },
    goBackToIndex(index) {
      const { history } = store.getState()
      if (index < 0 || index >= history.length) return
      set(history.slice(0, index + 1))
    },
    indexOf(view) {
      return store.getState().history.findIndex((candidate) => candidate.view === view)
    },
  }
}
