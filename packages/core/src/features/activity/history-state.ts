import type { ChainId } from '../../connection/caip.js'
import type { Store } from '../../store.js'
import type { HistoryItem } from './history-schemas.js'

/** An account name the account registered (off-chain, by a signed message): a row of its Activity. */
export interface NameRegistration {
  /** Full name, e.g. alice.wcn.id. */
  name: string
  /** ISO 8601 time of the registration. */
  registeredAt: string
}

export interface HistoryState {
  /** The account and chain the items belong to. */
  key: string | undefined
  items: readonly HistoryItem[]
  next: string | null
  /** The account's name registrations (EVM accounts; names are not per chain). */
  registrations: readonly NameRegistration[]
  status: 'idle' | 'loading' | 'ready' | 'error'
  loadingMore: boolean
}

export interface HistoryController {
  store: Store<HistoryState>
  /** Loads the newest page for an account on a chain; a new account or chain starts over. */
  load(address: string, chainId: ChainId): Promise<void>
  loadMore(): Promise<void>
  reset(): void
}

/** No account's history: nothing loaded yet. */
export const EMPTY_HISTORY: HistoryState = {
  key: undefined,
  items: [],
  next: null,
  registrations: [],
  status: 'idle',
  loadingMore: false,
}
