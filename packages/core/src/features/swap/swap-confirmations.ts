import { SWAPPING_TOAST_MIN_MS } from './swap-constants.js'
import type { ConfirmationStatus, SwapContext } from './swap-context.js'
import { swapToastMessages } from './swap-messages.js'

const { t } = swapToastMessages

/** Confirmations kept for a waiter that registers after its block: only the latest few. */
const KEPT_CONFIRMATIONS = 32

/** The block of a transaction arrived: its waiter, and its 'Swapped' toast if it was a swap, follow. */
export function recordConfirmation(context: SwapContext, hash: string, status: ConfirmationStatus) {
  const { confirmed, waiting } = context
  confirmed.set(hash, status)
  // Only the latest few are kept: a waiter registers right after its own send.
  if (confirmed.size > KEPT_CONFIRMATIONS) confirmed.delete(confirmed.keys().next().value as string)
  waiting.get(hash)?.(status)
  waiting.delete(hash)
  announceSwapResult(context, hash, status)
}

export function waitForConfirmation(context: SwapContext, hash: string): Promise<ConfirmationStatus> {
  const known = context.confirmed.get(hash)
  if (known) return Promise.resolve(known)
  return new Promise((resolve) => context.waiting.set(hash, resolve))
}

/** 'Swapped' (or the error) for a swap sent from here, once 'Swapping' has shown long enough. */
export function announceSwapResult(context: SwapContext, hash: string, status: ConfirmationStatus) {
  const { pendingSwaps, heldToasts, portico } = context
  const pending = pendingSwaps.get(hash)
  if (!pending) return
  pendingSwaps.delete(hash)
  const show = () =>
    status === 'success'
      ? portico.toast.show('success', t('swapped', pending.text))
      : portico.toast.show('error', t('transactionError'))
  const wait = pending.shownAt + SWAPPING_TOAST_MIN_MS - Date.now()
  if (wait <= 0) return show()
  const held = setTimeout(() => {
    heldToasts.delete(held)
    show()
  }, wait)
  heldToasts.add(held)
}
