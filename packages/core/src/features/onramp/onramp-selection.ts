import { apiAmountOf, networkNameOf, type OnrampContext } from './onramp-context.js'
import { estimateQuote } from './onramp-estimate.js'
import { type AmountProblem, amountProblem } from './onramp-limits.js'
import type { PaymentCurrency } from './onramp-schemas.js'
import type { OnrampSelection } from './onramp-state.js'

/** Changes the selection; another asset keeps the chain if it offers it there, else its first network. */
export function selectOnramp(context: OnrampContext, change: Partial<OnrampSelection>) {
  const { store } = context
  const selection = { ...store.getState().selection, ...change }
  if (change.asset !== undefined && change.chainId === undefined) {
    const networks =
      store.getState().options.purchaseCurrencies.find((entry) => entry.symbol === change.asset)?.networks ??
      []
    if (!networks.some((network) => Number(network.chain_id) === selection.chainId))
      selection.chainId = Number(networks[0]?.chain_id ?? 0)
  }
  store.setState({ selection, quote: undefined, quoteStatus: 'idle' })
}

export function selectedPaymentCurrency({ store }: OnrampContext): PaymentCurrency | undefined {
  const { options, selection } = store.getState()
  return options.paymentCurrencies.find((entry) => entry.id === selection.paymentCurrency)
}

/** What is wrong with the amount for the chosen currency and method (spec §9's limits). */
export function onrampAmountProblem(context: OnrampContext): AmountProblem | undefined {
  const { selection } = context.store.getState()
  return amountProblem(selection.amount, selectedPaymentCurrency(context), selection.paymentMethod)
}

/** Quotes the current selection; a failed call gives an estimate from the visitor's token price. */
export async function quoteOnramp(context: OnrampContext): Promise<void> {
  const { store } = context
  const run = ++context.quoteRun
  const { selection } = store.getState()
  if (onrampAmountProblem(context)) {
    store.setState({ quote: undefined, quoteStatus: 'idle' })
    return
  }
  store.setState({ quoteStatus: 'loading' })
  const amount = apiAmountOf(selection)
  try {
    const quote = await context.api.quote({
      purchaseCurrency: selection.asset,
      paymentCurrency: selection.paymentCurrency,
      amount,
      network: networkNameOf(context, selection),
      paymentMethod: selection.paymentMethod,
    })
    if (run === context.quoteRun) store.setState({ quote, quoteStatus: 'ready' })
  } catch {
    if (run !== context.quoteRun) return
    const token = context.portico.account.store
      .getState()
      .tokenBalances.find(
        (entry) => entry.symbol === selection.asset && entry.chainId === `eip155:${selection.chainId}`,
      )
    const price = selection.paymentCurrency === 'USD' ? (token?.price ?? undefined) : undefined
    store.setState({
      quote: estimateQuote({
        amount,
        paymentCurrency: selection.paymentCurrency,
        asset: selection.asset,
        price,
      }),
      quoteStatus: 'estimated',
    })
  }
}
