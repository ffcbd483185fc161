import type { ChainApiClient } from '../../clients/chain-api-client.js'
import type { ChainId } from '../../connection/caip.js'
import { createStore, type Store } from '../../store.js'
import type { HistoryItem } from './history-schemas.js'
import {
  EMPTY_HISTORY,
  type HistoryController,
  type HistoryState,
  type NameRegistration,
} from './history-state.js'
import type { NameRegistrationsReader } from './name-registrations.js'
import { isSpamTransaction } from './transaction-groups.js'

export type { HistoryController, HistoryState } from './history-state.js'
export { createNameRegistrationsReader } from './name-registrations.js'

/**
 * Reads the account's history into `store` a page at a time. Loaded with the first read (Activity's
 * prefetch or view), not with the modal: the store exists from the start.
 */
export function createHistoryController(
  client: ChainApiClient,
  store: Store<HistoryState> = createStore<HistoryState>(EMPTY_HISTORY),
  readNames: NameRegistrationsReader = async () => [],
): HistoryController {
  const initial = EMPTY_HISTORY
  let target: { address: string; chainId: ChainId } | undefined
  // The first page's read in flight: the intent that prefetched it and the view that opened share it.
  let reading: { key: string; promise: Promise<void> } | undefined

  // Names belong to EVM addresses; a failed read leaves the transactions shown without them.
  const registrationsOf = async (address: string, chainId: ChainId): Promise<NameRegistration[]> => {
    if (typeof chainId !== 'number') return []
    try {
      return await readNames(address)
    } catch {
      return []
    }
  }

  const keep = (items: readonly HistoryItem[]) => items.filter((item) => !isSpamTransaction(item))

  async function readFirstPage(address: string, chainId: ChainId, key: string): Promise<void> {
    target = { address, chainId }
    store.setState(
      store.getState().key === key ? { status: 'loading' } : { ...initial, key, status: 'loading' },
    )
    try {
      const [page, registrations] = await Promise.all([
        client.getHistory(address, chainId),
        registrationsOf(address, chainId),
      ])
      if (store.getState().key !== key) return
      store.setState({ items: keep(page.data), next: page.next, registrations, status: 'ready' })
    } catch {
      if (store.getState().key === key) store.setState({ status: 'error' })
    }
  }

  return {
    store,
    load(address, chainId) {
      // EVM addresses are one in any case; a Solana address's base58 is case-sensitive.
      const key = `${chainId}:${typeof chainId === 'number' ? address.toLowerCase() : address}`
      if (reading?.key === key) return reading.promise
      const promise = readFirstPage(address, chainId, key).finally(() => {
        if (reading?.promise === promise) reading = undefined
      })
      reading = { key, promise }
      return promise
    },
    async loadMore() {
      const state = store.getState()
      if (!target || !state.next || state.loadingMore || state.status !== 'ready') return
      const key = state.key
      store.setState({ loadingMore: true })
      try {
        const page = await client.getHistory(target.address, target.chainId, state.next)
        if (store.getState().key !== key) return
        const known = new Set(store.getState().items.map((item) => item.id))
        store.setState({
          items: [...store.getState().items, ...keep(page.data).filter((item) => !known.has(item.id))],
          next: page.next,
          loadingMore: false,
        })
      } catch {
        if (store.getState().key === key) store.setState({ loadingMore: false, status: 'error' })
      }
    },
    reset() {
      target = undefined
      store.setState(initial)
    },
  }
}
