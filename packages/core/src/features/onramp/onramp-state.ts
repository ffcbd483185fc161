import type { Store } from '../../store.js'
import type { AmountProblem } from './onramp-limits.js'
import type {
  OnrampOptions,
  OnrampProvider,
  OnrampPurchase,
  OnrampQuote,
  PaymentCurrency,
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

export const EMPTY_ONRAMP_SELECTION: OnrampSelection = {
  asset: '',
  chainId: 0,
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  amount: '',
}
