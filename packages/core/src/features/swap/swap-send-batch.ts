import * as z from 'zod/mini'
import { getProviderErrorCode } from '../../errors/normalize-error.js'
import { chainHex, walletProviderOf } from './swap-batch-support.js'
import { announceSwapResult } from './swap-confirmations.js'
import { connectionOf, type SwapContext } from './swap-context.js'
import { swapToastMessages } from './swap-messages.js'
import type { PreparedTransaction, SwapOutcome } from './swap-state.js'
import { isUserRejection, walletShortMessage } from './wallet-short-message.js'

const { t } = swapToastMessages

/** How often the batch's status is asked for, and for how long (a batch lands within a few blocks). */
export const BATCH_STATUS_POLL_MS = 1_000
export const BATCH_STATUS_MAX_POLLS = 180

/**
 * EIP-1474's "resource unavailable": the wallet could not reach the bundler or paymaster that carries a
 * sponsored batch (Portico's wallet answers so; others may too).
 */
export const SPONSOR_UNAVAILABLE_CODE = -32002

const sendCallsAnswerSchema = z.union([z.object({ id: z.string().check(z.minLength(1)) }), z.string()])
const callsStatusSchema = z.object({ status: z.union([z.number(), z.string()]) })

const hexValue = (value: bigint) => `0x${value.toString(16)}`

/**
 * Sends the calls as one atomic `wallet_sendCalls` (EIP-5792), with the dApp's paymaster when sponsored.
 * Answers the batch id, or the outcome the visitor is told of when the wallet refused or failed.
 */
export async function sendBatchToWallet(
  context: SwapContext,
  calls: readonly PreparedTransaction[],
  paymasterUrl: string | undefined,
): Promise<{ id: string } | SwapOutcome> {
  const connection = connectionOf(context)
  try {
    const provider = await walletProviderOf(context)
    if (!connection || !provider) throw new Error('The wallet takes no batches')
    const answer = await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: chainHex(Number(connection.chainId)),
          from: connection.accounts[0],
          atomicRequired: true,
          calls: calls.map(({ to, data, value }) => ({ to, data, value: hexValue(value) })),
          ...(paymasterUrl ? { capabilities: { paymasterService: { url: paymasterUrl } } } : {}),
        },
      ],
    })
    const parsed = sendCallsAnswerSchema.safeParse(answer)
    if (!parsed.success) throw new Error('The wallet answered no batch id')
    return { id: typeof parsed.data === 'string' ? parsed.data : parsed.data.id }
  } catch (error) {
    const unavailable = paymasterUrl !== undefined && getProviderErrorCode(error) === SPONSOR_UNAVAILABLE_CODE
    const message = unavailable ? t('sponsorUnavailable') : walletShortMessage(error)
    context.portico.toast.show('error', message ?? t('transactionError'))
    return { status: isUserRejection(error) ? 'rejected' : 'failed', message }
  }
}

/** EIP-5792 codes: 1xx pending, 200 confirmed, anything else final and failed (older wallets write words). */
function finalStatus(status: number | string): 'success' | 'reverted' | undefined {
  if (status === 200 || status === 'CONFIRMED' || status === 'success') return 'success'
  if (typeof status === 'number' ? status < 200 : status === 'PENDING' || status === 'pending')
    return undefined
  return 'reverted'
}

/**
 * Follows the batch with `wallet_getCallsStatus` until it is final: 'Swapped' (or the error) as for a
 * transaction, and the balances read again. A wallet that stops answering leaves the 'Swapping' toast to
 * the next action.
 */
export async function followBatch(context: SwapContext, id: string): Promise<void> {
  const provider = await walletProviderOf(context).catch(() => undefined)
  for (let poll = 0; provider && poll < BATCH_STATUS_MAX_POLLS && !context.disposed; poll++) {
    try {
      const answer = callsStatusSchema.safeParse(
        await provider.request({ method: 'wallet_getCallsStatus', params: [id] }),
      )
      const status = answer.success ? finalStatus(answer.data.status) : undefined
      if (status) {
        announceSwapResult(context, id, status)
        // Forced: a read of the chain API's last seconds predates the batch.
        await context.portico.refreshBalance({ forceUpdate: true }).catch(() => {})
        return
      }
    } catch {
      // A status the wallet could not read this time is asked for again.
    }
    await new Promise((resolve) => setTimeout(resolve, BATCH_STATUS_POLL_MS))
  }
}
