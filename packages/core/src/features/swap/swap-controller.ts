import { createStore } from '../../store.js'
import { createSwapClient, type SwapClient } from './swap-client.js'
import { recordConfirmation } from './swap-confirmations.js'
import { SWAP_QUOTE_DEBOUNCE_MS } from './swap-constants.js'
import type { SwapContext } from './swap-context.js'
import {
  canPreviewSwap,
  resetSwap,
  setMax,
  setSourceToken,
  setSourceTokenAmount,
  setToToken,
  switchTokens,
} from './swap-form.js'
import { initializeSwap } from './swap-initialize.js'
import { approveSwap, executeSwap } from './swap-send.js'
import { initialSwapState, type SwapController, type SwapPortico, type SwapState } from './swap-state.js'
import { sourceTokenOf, swapTokensOf, toTokenOf } from './swap-tokens.js'

export type {
  PreparedTransaction,
  SwapController,
  SwapInputError,
  SwapOutcome,
  SwapPortico,
  SwapState,
  SwapToken,
} from './swap-state.js'
export { walletShortMessage } from './wallet-short-message.js'

/** The swap of one Portico instance: what the Swap views read and do (spec §3–§5). */
export function createSwapController(
  portico: SwapPortico,
  options: { client?: SwapClient; debounceMs?: number } = {},
): SwapController {
  const context: SwapContext = {
    portico,
    client:
      options.client ??
      createSwapClient({ baseUrl: portico.config.chainApiUrl, projectId: portico.config.projectId }),
    store: createStore<SwapState>(initialSwapState()),
    debounceMs: options.debounceMs ?? SWAP_QUOTE_DEBOUNCE_MS,
    timer: undefined,
    round: 0,
    initializing: undefined,
    balancesRead: Promise.resolve(),
    confirmed: new Map(),
    waiting: new Map(),
    pendingSwaps: new Map(),
    heldToasts: new Set(),
    batchSupport: undefined,
    disposed: false,
  }
  const reset = () => resetSwap(context)
  const stops = [
    portico.on('accountChanged', reset),
    portico.on('chainChanged', reset),
    portico.on('disconnected', reset),
    portico.on('transactionConfirmed', ({ hash, status }) => recordConfirmation(context, hash, status)),
  ]
  return {
    store: context.store,
    initialize: () => initializeSwap(context),
    tokens: () => swapTokensOf(context),
    sourceToken: () => sourceTokenOf(context),
    toToken: () => toTokenOf(context),
    setSourceTokenAmount: (text) => setSourceTokenAmount(context, text),
    setMax: () => setMax(context),
    setSourceToken: (address) => setSourceToken(context, address),
    setToToken: (address) => setToToken(context, address),
    switchTokens: () => switchTokens(context),
    canPreview: () => canPreviewSwap(context),
    approve: () => approveSwap(context),
    swap: () => executeSwap(context),
    reset,
    dispose() {
      context.disposed = true
      reset()
      for (const held of context.heldToasts) clearTimeout(held)
      context.heldToasts.clear()
      for (const stop of stops) stop()
    },
  }
}
