import { perPortico } from '../../per-portico.js'
import type { Portico } from '../../portico.js'
import { createStore, type Store } from '../../store.js'
import { createOnrampClient, type OnrampClient } from './onramp-client.js'
import { DEFAULT_ONRAMP_OPTIONS, defaultOnrampProviders } from './onramp-defaults.js'
import { estimateQuote } from './onramp-estimate.js'
import { type AmountProblem, amountProblem } from './onramp-limits.js'
import {
  ONRAMP_STATUS,
  type OnrampOptions,
  type OnrampProvider,
  type OnrampPurchase,
  type OnrampQuote,
  type PaymentCurrency,
} from './onramp-schemas.js'

/** How often BuyInProgress asks for the purchase's status (spec §9: polling 4000 ms). */
export const ONRAMP_POLL_INTERVAL_MS = 4_000
/**
 * While the visitor is most likely paying in the provider's window, a look every second instead: a
 * declined card is reported as promptly as a paid one (at 4 s it took up to 4 s longer).
 */
export const ONRAMP_FIRST_POLLS = { intervalMs: 1_000, count: 20 } as const

export interface OnrampSelection {
  /** Asset symbol. */
  asset: string
  chainId: number
  paymentCurrency: string
  paymentMethod: string
  /** The fiat amount as typed. */
  amount: string
}

export interface OnrampPurchaseInProgress {
  provider: OnrampProvider
  url: string
  selection: OnrampSelection
  quote: OnrampQuote | undefined
  /** Purchases the account had before this one: the new one is the first not among them. */
  known: ReadonlySet<string>
  progress: 'waiting' | 'inProgress' | 'success' | 'failed'
  /** The purchase as the chain API lists it, once it does. */
  record: OnrampPurchase | undefined
  /** The browser blocked the provider's window: the view offers a link to it. */
  windowBlocked: boolean
}

export interface OnrampState {
  status: 'idle' | 'loading' | 'ready'
  options: OnrampOptions
  /** The options call failed: the built-in defaults are shown. */
  optionsFallback: boolean
  providers: readonly OnrampProvider[]
  selection: OnrampSelection
  quote: OnrampQuote | undefined
  /** `estimated`: the quote call failed and `quote` is an estimate (spec §8). */
  quoteStatus: 'idle' | 'loading' | 'ready' | 'estimated'
  purchase: OnrampPurchaseInProgress | undefined
}

export interface OnrampController {
  store: Store<OnrampState>
  /** Loads options and providers (once per open of the Buy view); falls back to built-in defaults. */
  init(): Promise<void>
  select(change: Partial<OnrampSelection>): void
  /** What is wrong with the amount for the chosen currency and method (spec §9's limits). */
  problem(): AmountProblem | undefined
  paymentCurrency(): PaymentCurrency | undefined
  /** Quotes the current selection; a failed call gives an estimated quote. */
  quote(): Promise<void>
  /** Asks the chain API for the provider's URL of this purchase and starts following it. */
  start(providerName: string): Promise<string>
  /** Polls the purchase (every second at first, then every 4 s) until it succeeds or fails; returns the stop. */
  watch(intervalMs?: number): () => void
  /** Forgets the purchase (back to choosing). */
  clearPurchase(): void
  /** The provider's window was blocked (or opened after all, with `false`). */
  setWindowBlocked(blocked: boolean): void
}

const EMPTY_SELECTION: OnrampSelection = {
  asset: '',
  chainId: 0,
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  amount: '',
}

/** The on-ramp of one Portico instance: what the Buy views read and do. */
export function createOnrampController(portico: Portico, client?: OnrampClient): OnrampController {
  const api =
    client ?? createOnrampClient({ baseUrl: portico.config.chainApiUrl, projectId: portico.config.projectId })
  const store = createStore<OnrampState>({
    status: 'idle',
    options: DEFAULT_ONRAMP_OPTIONS,
    optionsFallback: false,
    providers: [],
    selection: EMPTY_SELECTION,
    quote: undefined,
    quoteStatus: 'idle',
    purchase: undefined,
  })
  const address = () => portico.connection.store.getState().connection?.accounts[0]
  const connectedChainId = () => portico.connection.store.getState().connection?.chainId
  let quoteRun = 0
  let initializing: Promise<void> | undefined

  async function readOptions(): Promise<void> {
    if (store.getState().status !== 'ready') store.setState({ status: 'loading' })
    const [options, providers] = await Promise.all([
      api.options().then(
        (value) => ({ value, fallback: value.purchaseCurrencies.length === 0 }),
        () => ({ value: DEFAULT_ONRAMP_OPTIONS, fallback: true }),
      ),
      api.providers().catch(() => defaultOnrampProviders(portico.config.chainApiUrl)),
    ])
    const chosen = onTheDappsNetworks(options.fallback ? DEFAULT_ONRAMP_OPTIONS : options.value)
    store.setState({
      status: 'ready',
      options: chosen,
      optionsFallback: options.fallback,
      providers,
      selection: initialSelection(chosen, store.getState().selection),
    })
  }

  /** Only the networks the dApp offers: a purchase lands where the visitor can use it. */
  function onTheDappsNetworks(options: OnrampOptions): OnrampOptions {
    const offered = new Set(portico.config.networks.map((network) => String(network.chainId)))
    const purchaseCurrencies = options.purchaseCurrencies
      .map((entry) => ({
        ...entry,
        networks: entry.networks.filter((network) => offered.has(network.chain_id)),
      }))
      .filter((entry) => entry.networks.length > 0)
    return { ...options, purchaseCurrencies }
  }

  const networkName = (selection: OnrampSelection) =>
    store
      .getState()
      .options.purchaseCurrencies.find((entry) => entry.symbol === selection.asset)
      ?.networks.find((network) => Number(network.chain_id) === selection.chainId)?.name ??
    String(selection.chainId)

  /** The asset and chain to start with: the connected chain's native currency, else the first offered. */
  function initialSelection(options: OnrampOptions, previous: OnrampSelection): OnrampSelection {
    const chainId = connectedChainId()
    const onChain = options.purchaseCurrencies.filter((entry) =>
      entry.networks.some((network) => Number(network.chain_id) === chainId),
    )
    const native = onChain.find((entry) =>
      entry.networks.some(
        (network) => Number(network.chain_id) === chainId && network.contract_address === '',
      ),
    )
    const asset = native ?? onChain[0] ?? options.purchaseCurrencies[0]
    const network = asset?.networks.find((entry) => Number(entry.chain_id) === chainId) ?? asset?.networks[0]
    const currency =
      options.paymentCurrencies.find((entry) => entry.id === previous.paymentCurrency) ??
      options.paymentCurrencies[0]
    return {
      ...previous,
      asset: asset?.symbol ?? '',
      chainId: Number(network?.chain_id ?? 0),
      paymentCurrency: currency?.id ?? 'USD',
    }
  }

  const controller: OnrampController = {
    store,
    init() {
      // One read serves the intent that prefetched it and the view that opened; a ready form stays usable
      // while it is read again.
      initializing ??= readOptions().finally(() => {
        initializing = undefined
      })
      return initializing
    },
    select(change) {
      const selection = { ...store.getState().selection, ...change }
      // Another asset: keep the chain if it offers it there, else its first network.
      if (change.asset !== undefined && change.chainId === undefined) {
        const networks =
          store.getState().options.purchaseCurrencies.find((entry) => entry.symbol === change.asset)
            ?.networks ?? []
        if (!networks.some((network) => Number(network.chain_id) === selection.chainId))
          selection.chainId = Number(networks[0]?.chain_id ?? 0)
      }
      store.setState({ selection, quote: undefined, quoteStatus: 'idle' })
    },
    paymentCurrency: () =>
      store
        .getState()
        .options.paymentCurrencies.find((entry) => entry.id === store.getState().selection.paymentCurrency),
    problem() {
      const { selection } = store.getState()
      return amountProblem(selection.amount, controller.paymentCurrency(), selection.paymentMethod)
    },
    async quote() {
      const run = ++quoteRun
      const { selection } = store.getState()
      if (controller.problem()) {
        store.setState({ quote: undefined, quoteStatus: 'idle' })
        return
      }
      store.setState({ quoteStatus: 'loading' })
      const amount = selection.amount.trim().replace(',', '.')
      try {
        const quote = await api.quote({
          purchaseCurrency: selection.asset,
          paymentCurrency: selection.paymentCurrency,
          amount,
          network: networkName(selection),
          paymentMethod: selection.paymentMethod,
        })
        if (run === quoteRun) store.setState({ quote, quoteStatus: 'ready' })
      } catch {
        if (run !== quoteRun) return
        const token = portico.account.store
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
    },
    async start(providerName) {
      const { providers, selection, quote, quoteStatus } = store.getState()
      const provider = providers.find((entry) => entry.name === providerName)
      const account = address()
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
        amount: selection.amount.trim().replace(',', '.'),
        network: networkName(selection),
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
    },
    watch(intervalMs = ONRAMP_POLL_INTERVAL_MS) {
      let stopped = false
      let timer: ReturnType<typeof setTimeout> | undefined
      let looks = 0
      const check = async () => {
        const purchase = store.getState().purchase
        const account = address()
        if (stopped || !purchase || !account) return
        try {
          const list = await api.purchases(account)
          const record = list.find((entry) => !purchase.known.has(entry.id))
          const current = store.getState().purchase
          if (record && current === purchase) {
            const progress =
              record.metadata.status === ONRAMP_STATUS.success
                ? 'success'
                : record.metadata.status === ONRAMP_STATUS.failed
                  ? 'failed'
                  : 'inProgress'
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
    },
    clearPurchase: () => store.setState({ purchase: undefined }),
    setWindowBlocked(blocked) {
      const purchase = store.getState().purchase
      if (purchase) store.setState({ purchase: { ...purchase, windowBlocked: blocked } })
    },
  }
  return controller
}

/** The on-ramp controller of a Portico instance, created when the Buy views first need it. */
export const onrampControllerOf: (portico: Portico) => OnrampController = perPortico(createOnrampController)
