import { formatAmountInput, parseAmount } from '../send/parse-amount.js'
import { SWAP_ESTIMATE_GAS_LIMIT } from './swap-constants.js'
import { type SwapContext, setSwapState } from './swap-context.js'
import { scheduleQuote } from './swap-quote.js'
import { initialSwapState } from './swap-state.js'
import { sourceTokenOf, toTokenOf } from './swap-tokens.js'

/** The visitor's edits of the swap form; each one quotes again. */

export function setSourceTokenAmount(context: SwapContext, text: string) {
  setSwapState(context, { sourceTokenAmount: text })
  void scheduleQuote(context)
}

export function setSourceToken(context: SwapContext, address: string) {
  if (address === context.store.getState().toTokenAddress) return switchTokens(context)
  setSwapState(context, { sourceTokenAddress: address })
  // A picked token quotes at once: the debounce is for typing.
  void scheduleQuote(context, 0)
}

export function setToToken(context: SwapContext, address: string) {
  if (address === context.store.getState().sourceTokenAddress) return switchTokens(context)
  setSwapState(context, { toTokenAddress: address })
  void scheduleQuote(context, 0)
}

/** Exchanges source and target; the former target amount (or 1) becomes the amount. */
export function switchTokens(context: SwapContext) {
  const { sourceTokenAddress, toTokenAddress, toTokenAmount } = context.store.getState()
  const target = toTokenOf(context)
  // Spec §4: the former target amount becomes the amount; 1 when there was none.
  const amount = toTokenAmount && target ? parseAmount(toTokenAmount, target.decimals, 'en-US') : undefined
  setSwapState(context, {
    sourceTokenAddress: toTokenAddress,
    toTokenAddress: sourceTokenAddress,
    sourceTokenAmount:
      amount && 'value' in amount && amount.value > 0n
        ? formatAmountInput(amount.value, target?.decimals ?? 18)
        : formatAmountInput(1n, 0),
  })
  void scheduleQuote(context, 0)
}

/** The whole source balance; for the native token, less twice the estimated network fee. */
export function setMax(context: SwapContext) {
  const source = sourceTokenOf(context)
  if (!source) return
  const { gasPrice, gasFee } = context.store.getState()
  const fee = gasFee ?? (gasPrice ?? 0n) * SWAP_ESTIMATE_GAS_LIMIT
  // The native token also pays the fee: keep twice the estimate, as gas prices move.
  const reserve = source.contract ? 0n : 2n * fee
  const amount = source.balance > reserve ? source.balance - reserve : 0n
  setSwapState(context, { sourceTokenAmount: formatAmountInput(amount, source.decimals) })
  void scheduleQuote(context)
}

/** Ready for the preview: a quote, no input error, and a transaction to send. */
export function canPreviewSwap(context: SwapContext): boolean {
  const state = context.store.getState()
  return (
    state.quoteStatus === 'ready' &&
    !state.inputError &&
    state.transactionStatus === 'idle' &&
    !!(state.approvalTransaction || state.swapTransaction)
  )
}

/** Starts over: pending quotes and loads are dropped with the form. */
export function resetSwap(context: SwapContext) {
  clearTimeout(context.timer)
  context.round++
  context.initializing = undefined
  context.store.setState(initialSwapState())
}
