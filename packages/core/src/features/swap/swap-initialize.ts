import { connectionOf, type SwapContext, setSwapState } from './swap-context.js'
import { swapToastMessages } from './swap-messages.js'
import { swapListingOf } from './swap-tokens.js'

const { t } = swapToastMessages

/** Loads the network's tokens, prices and gas price (the Swap view does on opening). */
export function initializeSwap(context: SwapContext): Promise<void> {
  const reached = connectionOf(context)?.chainId
  // Swaps are EVM only (the view is offered on swap-supported EVM networks).
  const chainId = typeof reached === 'number' ? reached : undefined
  const state = context.store.getState()
  if (chainId === undefined) return Promise.resolve()
  if (state.status === 'initialized' && state.chainId === chainId) return Promise.resolve()
  if (context.initializing && state.chainId === chainId) return context.initializing
  setSwapState(context, { status: 'initializing', chainId })
  const run = ++context.round
  // The balances the quotes are checked against are read again: they may have moved since the connection.
  // Forced: the chain API reuses a read of the last seconds, which may predate funds that just arrived.
  context.balancesRead = context.portico.refreshBalance({ forceUpdate: true }).catch(() => {})
  context.initializing = loadNetwork(context, chainId, run).finally(() => {
    context.initializing = undefined
  })
  return context.initializing
}

async function loadNetwork(context: SwapContext, chainId: number, run: number): Promise<void> {
  const { client, store } = context
  try {
    const [listing, gasPrice] = await Promise.all([
      client.tokens(chainId),
      // Spec §8: a gas price that cannot be had is none; fees then show once a transaction is built.
      client.gasPrice(chainId).catch(() => undefined),
    ])
    const prices: Record<string, number> = {}
    try {
      const bySymbol = await client.prices(listing.map((token) => token.address))
      for (const token of listing) {
        const price = bySymbol.get(token.symbol)
        if (price !== undefined) prices[token.address] = price
      }
    } catch {
      context.portico.toast.show('error', t('failedToFetchNetworkTokenPrice'))
    }
    if (run !== context.round && store.getState().chainId !== chainId) return
    const swapListing = swapListingOf(listing)
    const native = swapListing.find((token) => !token.contract)
    setSwapState(context, {
      status: 'initialized',
      listing: swapListing,
      prices,
      gasPrice,
      sourceTokenAddress: store.getState().sourceTokenAddress ?? native?.address,
    })
  } catch {
    if (store.getState().chainId !== chainId) return
    leaveSwapViews(context)
    setSwapState(context, { status: 'uninitialized' })
    context.portico.toast.show('error', t('failedToInitialize'))
  }
}

/** Spec §4: back to where the visitor came from, before the first of the swap's views (named Swap…). */
function leaveSwapViews({ portico }: SwapContext) {
  const { history } = portico.router.store.getState()
  const first = history.findIndex((entry) => (entry.view as string).startsWith('Swap'))
  if (first > 0) portico.router.goBackToIndex(first - 1)
  else if (first === 0) portico.router.goBack()
}
