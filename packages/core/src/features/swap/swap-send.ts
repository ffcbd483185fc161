import type { TransactionRequest } from '../../connection/chain-adapter.js'
import { parseAmount } from '../send/parse-amount.js'
import { announceSwapResult, waitForConfirmation } from './swap-confirmations.js'
import { type SwapContext, setSwapState } from './swap-context.js'
import { resetSwap } from './swap-form.js'
import { formatMessageAmount } from './swap-math.js'
import { swapToastMessages } from './swap-messages.js'
import { scheduleQuote } from './swap-quote.js'
import { followBatch, sendBatchToWallet } from './swap-send-batch.js'
import type { SwapOutcome } from './swap-state.js'
import { sourceTokenOf, toTokenOf } from './swap-tokens.js'
import { isUserRejection, walletShortMessage } from './wallet-short-message.js'

const { t } = swapToastMessages

async function sendToWallet(
  context: SwapContext,
  request: TransactionRequest,
): Promise<{ hash: string } | SwapOutcome> {
  try {
    return { hash: await context.portico.sendTransaction(request) }
  } catch (error) {
    const message = walletShortMessage(error)
    context.portico.toast.show('error', message ?? t('transactionError'))
    return { status: isUserRejection(error) ? 'rejected' : 'failed', message }
  }
}

/** The swap as one transaction, or (batched) with its approval as one `wallet_sendCalls`: its hash or batch id. */
async function sendSwap(context: SwapContext): Promise<{ hash: string } | SwapOutcome> {
  const { approvalTransaction, swapTransaction, batched, sponsored } = context.store.getState()
  if (!swapTransaction) return { status: 'invalid' }
  const { to, data, value } = swapTransaction
  if (!batched) return sendToWallet(context, { to, data, value })
  const calls = approvalTransaction ? [approvalTransaction, swapTransaction] : [swapTransaction]
  const sent = await sendBatchToWallet(
    context,
    calls,
    sponsored ? context.portico.config.paymasterUrl : undefined,
  )
  return 'id' in sent ? { hash: sent.id } : sent
}

/** Sends the approval, waits for its block, then quotes again and builds the swap. */
export async function approveSwap(context: SwapContext): Promise<SwapOutcome> {
  const { approvalTransaction, transactionStatus, batched } = context.store.getState()
  // A batched approval goes with its swap, in one request.
  if (batched) return executeSwap(context)
  if (!approvalTransaction || transactionStatus !== 'idle') return { status: 'invalid' }
  setSwapState(context, { transactionStatus: 'approving' })
  context.portico.toast.show('loading', t('approveInWallet'))
  const { to, data, value } = approvalTransaction
  const sent = await sendToWallet(context, { to, data, value })
  if (!('hash' in sent)) {
    setSwapState(context, { transactionStatus: 'idle' })
    return sent
  }
  const status = await waitForConfirmation(context, sent.hash)
  if (status === 'reverted') {
    context.portico.toast.show('error', t('transactionError'))
    setSwapState(context, { transactionStatus: 'idle' })
    return { status: 'failed', message: undefined }
  }
  context.portico.toast.hide()
  // Spec §4: approve, then quote again and build the swap.
  await scheduleQuote(context, 0)
  return { status: 'approved', hash: sent.hash }
}

/** Sends the swap; once the wallet took it, the form resets and the modal returns to Account. */
export async function executeSwap(context: SwapContext): Promise<SwapOutcome> {
  const state = context.store.getState()
  const source = sourceTokenOf(context)
  const target = toTokenOf(context)
  const { swapTransaction } = state
  if (!swapTransaction || !source || !target || state.inputError || state.transactionStatus !== 'idle')
    return { status: 'invalid' }
  const parsed = parseAmount(state.sourceTokenAmount, source.decimals)
  if (!('value' in parsed)) return { status: 'invalid' }
  setSwapState(context, { transactionStatus: 'swapping' })
  context.portico.toast.show('loading', t('confirmInWallet'))
  const sent = await sendSwap(context)
  if (!('hash' in sent)) {
    setSwapState(context, { transactionStatus: 'idle' })
    return sent
  }
  const text = {
    from: formatMessageAmount(parsed.value, source.decimals),
    fromSymbol: source.symbol,
    to: formatMessageAmount(swapTransaction.toAmount, target.decimals),
    toSymbol: target.symbol,
  }
  context.portico.toast.show('loading', t('swapping', text))
  context.pendingSwaps.set(sent.hash, { text, shownAt: Date.now() })
  const known = context.confirmed.get(sent.hash)
  if (known) announceSwapResult(context, sent.hash, known)
  // A batch is not a transaction the kernel follows: its status is asked of the wallet.
  if (state.batched) void followBatch(context, sent.hash)
  // Spec §4: a successful swap resets and goes to Account, where balances and Activity follow the block.
  context.portico.router.reset('Account')
  resetSwap(context)
  return { status: 'sent', hash: sent.hash }
}
