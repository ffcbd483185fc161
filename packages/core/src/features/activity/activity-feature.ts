import type { ChainApiClient } from '../../clients/chain-api-client.js'
import type { Connection } from '../../connection/connection-controller.js'
import type { Kernel } from '../../kernel/kernel.js'
import { createHistoryController, type HistoryController } from './history-controller.js'

/** How long to wait between looks for a confirmed transaction in the history (the indexer's lag). */
export const HISTORY_CATCH_UP_DELAYS_MS: readonly number[] = [0, 250, 500, 1_000, 2_000, 4_000]

/**
 * The account's transaction history. The visitor's own confirmed transactions are awaited: while
 * the history is open and one of them is not listed yet, it reloads until the chain API's indexer
 * lists it (no fixed wait), whether Activity was open at the confirmation or opened after it.
 */
export function installActivity(
  kernel: Kernel,
  chainApi: ChainApiClient,
  options: { catchUpDelaysMs?: readonly number[] } = {},
): HistoryController {
  const { connection, events } = kernel
  const history = createHistoryController(chainApi)
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
