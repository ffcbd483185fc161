import type { TransactionRequest } from '../../connection/chain-adapter.js'
import { formatAmountInput } from './parse-amount.js'
import { connectionOf, parsedAmountOf, pickedToken, type SendContext, setSendState } from './send-context.js'
import { transferRequest } from './transfer-request.js'

/** The native Max: everything but the fee ceiling of the latest estimate. */
export function fillMax(context: SendContext) {
  const current = pickedToken(context)
  const { fee } = context.store.getState()
  if (!current) return
  const reserve = current.address ? 0n : (fee?.maxFee ?? 0n)
  if (!current.address && !fee) return
  const amount = current.balance > reserve ? current.balance - reserve : 0n
  setSendState(context, { sendTokenAmount: formatAmountInput(amount, current.decimals) })
}

/**
 * The transaction estimated: the real one once the form is valid; before that, one that costs the
 * same (the visitor's own address as receiver, nothing or the whole token balance as amount), so the
 * fee and Max are there while the form is still being filled.
 */
function estimateRequest(context: SendContext): TransactionRequest | undefined {
  const current = pickedToken(context)
  const from = connectionOf(context)?.accounts[0]
  if (!current || !from) return undefined
  const { receiverAddress } = context.store.getState()
  const parsed = parsedAmountOf(context)
  const amount = 'value' in parsed && parsed.value <= current.balance ? parsed.value : undefined
  // A value the balance cannot pay (with its fee) makes the node refuse the estimate: estimate none.
  const value = current.address ? (amount ?? current.balance) : 0n
  return transferRequest(current, receiverAddress ?? from, value, connectionOf(context)?.namespace)
}

/** Estimates the fee of the form after the debounce; an estimate of an older form is dropped. */
export function scheduleEstimate(context: SendContext) {
  clearTimeout(context.feeTimer)
  const request = ++context.feeRequest
  setSendState(context, { feeStatus: 'loading' })
  context.feeTimer = setTimeout(async () => {
    const transaction = estimateRequest(context)
    if (!transaction) return setSendState(context, { feeStatus: 'idle', fee: undefined })
    try {
      const fee = await context.portico.estimateFee(transaction)
      if (request !== context.feeRequest) return
      setSendState(context, { fee, feeStatus: 'ready' })
      if (context.store.getState().max) fillMax(context)
    } catch {
      if (request === context.feeRequest) setSendState(context, { fee: undefined, feeStatus: 'error' })
    }
  }, context.feeDelay)
}

/** The whole balance; for the native token, less the estimated fee ceiling (and it follows the estimate). */
export function setMax(context: SendContext) {
  const current = pickedToken(context)
  if (!current) return
  setSendState(context, { max: !current.address })
  if (current.address)
    setSendState(context, { sendTokenAmount: formatAmountInput(current.balance, current.decimals) })
  else fillMax(context)
  scheduleEstimate(context)
}
