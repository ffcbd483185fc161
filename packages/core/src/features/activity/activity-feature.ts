import type { ChainApiClient } from '../../clients/chain-api-client.js'
import type { Connection } from '../../connection/connection-controller.js'
import { createStore } from '../../store.js'
import type { FeatureContext } from '../feature-context.js'
import { EMPTY_HISTORY, type HistoryController, type HistoryState } from './history-state.js'

/** How long to wait between looks for a confirmed transaction in the history (the indexer's lag). */
export const HISTORY_CATCH_UP_DELAYS_MS: readonly number[] = [0, 250, 500, 1_000, 2_000, 4_000]

/**
 * The account's transaction history. The visitor's own confirmed transactions are awaited: while
 * the history is open and one of them is not listed yet, it reloads until the chain API's indexer
 * lists it (no fixed wait), whether Activity was open at the confirmation or opened after it.
 */
export function installActivity(
  context: Pick<FeatureContext, 'connection' | 'events' | 'config'>,
  chainApi: ChainApiClient,
  options: { catchUpDelaysMs?: readonly number[] } = {},
): HistoryController {
  const { connection, events } = context
  const history = lazyHistory(chainApi, context.config)
  const delays = options.catchUpDelaysMs ?? HISTORY_CATCH_UP_DELAYS_MS
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  /** Confirmed transactions of the current account not yet seen in its history. */
  const awaited = new Set<string>()
  let catchingUp = false

  const forgetListed = () => {
    for (const item of history.store.getState().items) awaited.delete(item.metadata.hash)
  }

  async function catchUp(account: Connection) {
    const address = account.accounts[0]
    if (catchingUp || !address) return
    catchingUp = true
    const stillShown = () => {
      const current = connection.store.getState().connection
      return current?.accounts[0] === address && current.chainId === account.chainId
    }
    try {
      for (const delay of delays) {
        await sleep(delay)
        // Nobody looks at the history (it loads when Activity opens), or the visitor moved on.
        if (history.store.getState().status === 'idle' || !stillShown()) return
        await history.load(address, account.chainId)
        forgetListed()
        if (awaited.size === 0) return
      }
    } finally {
      catchingUp = false
    }
  }

  events.on('disconnected', () => {
    awaited.clear()
    history.reset()
  })
  events.on('accountChanged', () => awaited.clear())
  events.on('transactionConfirmed', ({ hash, connection: sentFrom }) => {
    awaited.add(hash)
    void catchUp(sentFrom)
  })
  // Activity opened after the confirmation: its first load may still miss the transaction.
  history.store.subscribe((state, previous) => {
    if (state.status !== 'ready' || previous.status === 'ready' || awaited.size === 0) return
    forgetListed()
    const current = connection.store.getState().connection
    if (awaited.size > 0 && current) void catchUp(current)
  })
  return history
}

/**
 * The history's store at once; its reads (and the account's name registrations shown among them) load with
 * the first of them (Activity's prefetch or view).
 */
function lazyHistory(
  chainApi: ChainApiClient,
  config: Pick<FeatureContext['config'], 'chainApiUrl' | 'projectId'>,
): HistoryController {
  const store = createStore<HistoryState>(EMPTY_HISTORY)
  let controller: Promise<HistoryController> | undefined
  const loaded = () =>
    (controller ??= import('./history-controller.js').then(
      ({ createHistoryController, createNameRegistrationsReader }) =>
        createHistoryController(chainApi, store, createNameRegistrationsReader(config)),
      (error) => {
        // A chunk that failed to load may load on the next read.
        controller = undefined
        throw error
      },
    ))
  return {
    store,
    load: (address, chainId) => loaded().then((reader) => reader.load(address, chainId)),
    loadMore: () => loaded().then((reader) => reader.loadMore()),
    reset: () =>
      controller ? void controller.then((reader) => reader.reset()) : store.setState(EMPTY_HISTORY),
  }
}
