import { createStore, type Store } from './store.js'

export type ViewName =
  | 'Connect'
  | 'AllWallets'
  | 'WalletDetails'
  | 'ConnectingWallet'
  | 'Pairing'
  | 'Account'
  | 'Activity'
  | 'Networks'
  | 'UnsupportedChain'
  | 'ConnectingSiwe'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  | 'ConnectingSocial'
  | 'ConnectingFarcaster'
  | 'UpdateEmail'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'
  | 'ApproveRequest'
  | 'ActionNotAllowed'

export interface RouteData {
  /** The connector a Connecting view is waiting on. */
  connectorId?: string
  /** The explorer listing a WalletDetails view shows. */
  walletId?: string
}

export interface RouterEntry {
  view: ViewName
  data?: RouteData
}

export interface RouterState {
  history: readonly RouterEntry[]
}

export interface Router {
  store: Store<RouterState>
  current(): RouterEntry | undefined
  push(view: ViewName, data?: RouteData): void
  replace(view: ViewName, data?: RouteData): void
  reset(view: ViewName, data?: RouteData): void
  /** Pops one view; with only one view left it calls `onEmpty` (the modal closes). */
  goBack(): void
  /** Keeps the views up to and including `index`. */
  goBackToIndex(index: number): void
  indexOf(view: ViewName): number
}

/** The modal's view stack (spec §2): there are no URL routes, only this history. */
export function createRouter(options: { onEmpty: () => void }): Router {
  const store = createStore<RouterState>({ history: [] })
  const entry = (view: ViewName, data?: RouteData): RouterEntry => (data ? { view, data } : { view })
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
