import type { Store } from '../../store.js'
import type { SwapClient } from './swap-client.js'
import type { SwapPortico, SwapState } from './swap-state.js'

/** What the connected wallet can do with a swap on its chain (EIP-5792 `wallet_getCapabilities`). */
export interface BatchSupport {
  /** Calls sent together land together: approve + swap is one approval. */
  atomic: boolean
  /** The ERC-7677 paymaster that pays the batch's fee: the dApp's, where the wallet takes a paymaster. */
  paymasterUrl: string | undefined
}

export type ConfirmationStatus = 'success' | 'reverted'

/** The state one swap controller's actions share: its store, its client and the work under way. */
export interface SwapContext {
  readonly portico: SwapPortico
  readonly client: SwapClient
  readonly store: Store<SwapState>
  readonly debounceMs: number
  /** The debounce of the next quote. */
  timer: ReturnType<typeof setTimeout> | undefined
  /** Every change of the form starts a new round; answers of an older round are dropped. */
  round: number
  initializing: Promise<void> | undefined
  /** The balances read at initialisation: a quote's balance check waits for them. */
  balancesRead: Promise<void>
  /** Confirmations the kernel reported, and who waits for them, by transaction hash. */
  readonly confirmed: Map<string, ConfirmationStatus>
  readonly waiting: Map<string, (status: ConfirmationStatus) => void>
  /** Swaps sent and not yet in a block: the text of their 'Swapped' toast, and when 'Swapping' showed. */
  readonly pendingSwaps: Map<string, { text: Record<string, string>; shownAt: number }>
  /** What the wallet said it batches, for one account on one chain (`<chainId>:<address>`). */
  batchSupport: { key: string; support: Promise<BatchSupport> } | undefined
  /** Set once disposed: a batch's status is no longer followed. */
  disposed: boolean
  /** 'Swapped' toasts held back until 'Swapping' has been seen (SWAPPING_TOAST_MIN_MS). */
  readonly heldToasts: Set<ReturnType<typeof setTimeout>>
}

export const connectionOf = (context: SwapContext) => context.portico.connection.store.getState().connection

export const userAddressOf = (context: SwapContext) => connectionOf(context)?.accounts[0]

export const setSwapState = (context: SwapContext, update: Partial<SwapState>) =>
  context.store.setState(update)
