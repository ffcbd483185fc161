import type { ChainApiClient } from '../../chain-api-client.js'
import type { Kernel } from '../../kernel/kernel.js'
import { createHistoryController, type HistoryController } from './history-controller.js'

/** How long to wait between looks for a confirmed transaction in the history (the indexer's lag). */
export const HISTORY_CATCH_UP_DELAYS_MS: readonly number[] = [0, 250, 500, 1_000, 2_000, 4_000]

/**
 * The account's transaction history. After the visitor's own transaction is confirmed, the open
 * history reloads until the chain API's indexer lists it (no fixed wait).
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

  events.on('disconnected', () => history.reset())
  events.on('transactionConfirmed', async ({ hash, connection: sentFrom }) => {
    const address = sentFrom.accounts[0]
    if (!address) return
    const stillShown = () => {
      const current = connection.store.getState().connection
      return current?.accounts[0] === address && current.chainId === sentFrom.chainId
    }
    const listed = () => history.store.getState().items.some((item) => item.metadata.hash === hash)
    for (const delay of delays) {
      await sleep(delay)
      // Nobody looks at the history (it loads when Activity opens), or the visitor moved on.
      if (history.store.getState().status === 'idle' || !stillShown()) return
      await history.load(address, sentFrom.chainId)
      if (listed()) return
    }
  })
  return history
}
