import { apiAmountOf, connectedAddressOf, networkNameOf, type OnrampContext } from './onramp-context.js'
import { ONRAMP_STATUS, type OnrampPurchase } from './onramp-schemas.js'
import { ONRAMP_FIRST_POLLS, ONRAMP_POLL_INTERVAL_MS, type OnrampPurchaseInProgress } from './onramp-state.js'

/** Asks the chain API for the provider's URL of this purchase and starts following it. */
export async function startOnrampPurchase(context: OnrampContext, providerName: string): Promise<string> {
  const { api, store } = context
  const { providers, selection, quote, quoteStatus } = store.getState()
  const provider = providers.find((entry) => entry.name === providerName)
  const account = connectedAddressOf(context)
  if (!provider || !account) throw new Error('No provider or account to buy for')
  const known = new Set(
    await api.purchases(account).then(
      (list) => list.map((entry) => entry.id),
      () => [],
    ),
  )
  const url = await api.buyUrl({
    purchaseCurrency: selection.asset,
    paymentCurrency: selection.paymentCurrency,
    amount: apiAmountOf(selection),
    network: networkNameOf(context, selection),
    paymentMethod: selection.paymentMethod,
    address: account,
    provider: provider.name,
    purchaseAmount: quoteStatus === 'ready' ? quote?.purchaseAmount.amount : undefined,
  })
  store.setState({
    purchase: {
      provider,
      url,
      selection,
      quote: quoteStatus === 'ready' || quoteStatus === 'estimated' ? quote : undefined,
      known,
      progress: 'waiting',
      record: undefined,
      windowBlocked: false,
    },
  })
  return url
}

const progressOf = (record: OnrampPurchase): OnrampPurchaseInProgress['progress'] =>
  record.metadata.status === ONRAMP_STATUS.success
    ? 'success'
    : record.metadata.status === ONRAMP_STATUS.failed
      ? 'failed'
      : 'inProgress'

/** Polls the purchase (every second at first, then every `intervalMs`) until it succeeds or fails; returns the stop. */
export function watchOnrampPurchase(
  context: OnrampContext,
  intervalMs = ONRAMP_POLL_INTERVAL_MS,
): () => void {
  const { api, store } = context
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let looks = 0
  const check = async () => {
    const purchase = store.getState().purchase
    const account = connectedAddressOf(context)
    if (stopped || !purchase || !account) return
    try {
      const list = await api.purchases(account)
      const record = list.find((entry) => !purchase.known.has(entry.id))
      if (record && store.getState().purchase === purchase) {
        const progress = progressOf(record)
        store.setState({ purchase: { ...purchase, record, progress } })
        if (progress !== 'inProgress') return
      }
    } catch {
      // A failed look is retried on the next tick.
    }
    looks++
    const next =
      looks < ONRAMP_FIRST_POLLS.count ? Math.min(ONRAMP_FIRST_POLLS.intervalMs, intervalMs) : intervalMs
    if (!stopped) timer = setTimeout(check, next)
  }
  void check()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

/** The provider's window was blocked (or opened after all, with `false`). */
export function setOnrampWindowBlocked({ store }: OnrampContext, blocked: boolean) {
  const purchase = store.getState().purchase
  if (purchase) store.setState({ purchase: { ...purchase, windowBlocked: blocked } })
}
