import type { ExplorerClient } from '../../clients/explorer-client.js'
import {
  firstPageRequests,
  type WalletListOptions,
  walletFilters,
} from '../../clients/wallet-list-request.js'
import type { WalletListing } from '../../clients/wallet-listing.js'
import { guard, isRecord, parseListings } from '../../clients/wallet-listing-guard.js'
import {
  FEATURED_WALLETS_COUNT,
  RECOMMENDED_WALLETS_COUNT,
  SEARCH_ENTRIES,
  WALLETS_PAGE_SIZE,
} from '../../config/constants.js'
import { type KeyValueStorage, readJson, writeJson } from '../../connection/key-value-storage.js'
import { createStore, type Store } from '../../store.js'
import {
  addRecentWallet,
  type RecentWallet,
  readRecentWallets,
  writeRecentWallets,
} from './recent-wallets.js'

export type { WalletListOptions }

export interface WalletsState {
  featured: readonly WalletListing[]
  recommended: readonly WalletListing[]
  /** The "All wallets" grid, page after page. */
  all: readonly WalletListing[]
  count: number
  status: 'idle' | 'loading' | 'ready' | 'error'
  pageStatus: 'idle' | 'loading' | 'error'
  /** The last refresh failed: what is shown comes from the saved list. */
  offline: boolean
  search: { query: string; status: 'idle' | 'loading' | 'ready' | 'error'; results: readonly WalletListing[] }
  recent: readonly RecentWallet[]
}

export interface WalletsController {
  store: Store<WalletsState>
  /** Fetches the featured, recommended and first page of wallets; keeps showing the saved list until then. */
  refresh(): Promise<void>
  loadMore(): Promise<void>
  search(query: string): Promise<void>
  addRecent(wallet: RecentWallet): void
  findByRdns(rdns: string): WalletListing | undefined
  findById(id: string): WalletListing | undefined
}

export const WALLETS_CACHE_STORAGE_KEY = 'portico.wallets'

/** The saved list, checked like the explorer's answers (by hand: it is read as the modal opens). */
const cacheGuard = guard((value) => {
  if (!isRecord(value) || typeof value.savedAt !== 'number' || typeof value.count !== 'number')
    return undefined
  const featured = parseListings(value.featured)
  const recommended = parseListings(value.recommended)
  const all = parseListings(value.all)
  return featured && recommended && all
    ? { savedAt: value.savedAt, featured, recommended, all, count: value.count }
    : undefined
})

/** The list before any answer: the saved copy (shown at once, then refreshed), else empty. */
function initialState(storage: KeyValueStorage | undefined): WalletsState {
  const cached = readJson(storage, WALLETS_CACHE_STORAGE_KEY, cacheGuard)
  return {
    featured: cached?.featured ?? [],
    recommended: cached?.recommended ?? [],
    all: cached?.all ?? [],
    count: cached?.count ?? 0,
    status: cached ? 'ready' : 'idle',
    pageStatus: 'idle',
    offline: false,
    search: { query: '', status: 'idle', results: [] },
    recent: readRecentWallets(storage),
  }
}

/** The featured, recommended and first page of wallets, from one or two requests. */
async function fetchFirstPage(client: ExplorerClient, list: WalletListOptions) {
  const firstPage = firstPageRequests(list)
  const [page, featuredAnswer] = await Promise.all([
    client.getWallets(firstPage.page),
    firstPage.featured ? client.getWallets(firstPage.featured) : undefined,
  ])
  // Featured wallets keep the dApp's order; without a choice, the registry's first ones are featured.
  const featured = featuredAnswer
    ? list.featuredWalletIds.flatMap((id) => featuredAnswer.data.filter((wallet) => wallet.id === id))
    : page.data.slice(0, FEATURED_WALLETS_COUNT)
  const featuredIds = new Set(featured.map((wallet) => wallet.id))
  const recommended = page.data
    .filter((wallet) => !featuredIds.has(wallet.id))
    .slice(0, RECOMMENDED_WALLETS_COUNT)
  return { featured, recommended, all: page.data, count: page.count }
}

/** The search of the registry: a slower answer to an older query never replaces a newer one. */
function createSearch(
  client: ExplorerClient,
  store: Store<WalletsState>,
  filters: ReturnType<typeof walletFilters>,
): (query: string) => Promise<void> {
  let searchRequest = 0
  return async (query) => {
    const trimmed = query.trim()
    const request = ++searchRequest
    if (!trimmed) {
      store.setState({ search: { query: '', status: 'idle', results: [] } })
      return
    }
    store.setState({ search: { ...store.getState().search, query: trimmed, status: 'loading' } })
    try {
      const answer = await client.getWallets({
        page: 1,
        entries: SEARCH_ENTRIES,
        search: trimmed,
        ...filters,
      })
      if (request === searchRequest)
        store.setState({ search: { query: trimmed, status: 'ready', results: answer.data } })
    } catch {
      if (request === searchRequest)
        store.setState({ search: { query: trimmed, status: 'error', results: [] } })
    }
  }
}

export function createWalletsController(options: {
  client: ExplorerClient
  storage: KeyValueStorage | undefined
  list: WalletListOptions
}): WalletsController {
  const { client, storage, list } = options
  const store = createStore<WalletsState>(initialState(storage))
  const filters = walletFilters(list)
  let refreshing: Promise<void> | undefined

  function refresh() {
    refreshing ??= (async () => {
      if (store.getState().status !== 'ready') store.setState({ status: 'loading' })
      try {
        const fresh = await fetchFirstPage(client, list)
        store.setState({ ...fresh, status: 'ready', offline: false })
        writeJson(storage, WALLETS_CACHE_STORAGE_KEY, { savedAt: Date.now(), ...fresh })
      } catch {
        const hasList = store.getState().all.length > 0
        store.setState({ status: hasList ? 'ready' : 'error', offline: true })
      } finally {
        refreshing = undefined
      }
    })()
    return refreshing
  }

  async function loadMore() {
    const state = store.getState()
    if (state.pageStatus === 'loading' || (state.all.length >= state.count && state.status === 'ready'))
      return
    store.setState({ pageStatus: 'loading' })
    try {
      const page = Math.floor(state.all.length / WALLETS_PAGE_SIZE) + 1
      const answer = await client.getWallets({ page, entries: WALLETS_PAGE_SIZE, ...filters })
      const known = new Set(store.getState().all.map((wallet) => wallet.id))
      store.setState({
        all: [...store.getState().all, ...answer.data.filter((wallet) => !known.has(wallet.id))],
        count: answer.count,
        pageStatus: 'idle',
      })
    } catch {
      store.setState({ pageStatus: 'error' })
    }
  }

  return {
    store,
    refresh,
    loadMore,
    search: createSearch(client, store, filters),
    addRecent(wallet) {
      const recent = addRecentWallet(store.getState().recent, wallet)
      store.setState({ recent })
      writeRecentWallets(storage, recent)
    },
    findByRdns(rdns) {
      const { featured, recommended, all } = store.getState()
      return [...featured, ...recommended, ...all].find((wallet) => wallet.rdns === rdns)
    },
    findById(id) {
      const { featured, recommended, all, search } = store.getState()
      return [...featured, ...recommended, ...all, ...search.results].find((wallet) => wallet.id === id)
    },
  }
}
