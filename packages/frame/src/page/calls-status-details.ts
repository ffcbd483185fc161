import type { Hex } from 'viem'
import { CALLS_STATUS, callsStatus } from './calls-status.js'
import type { CallDetail, CallsDetails } from './describe-calls.js'
import { nativeSymbol } from './native-symbol.js'
import type { WalletRpcContext } from './wallet-context.js'

/** What the wallet window shows for `wallet_showCallsStatus`: how the batch went, and its calls when known. */
export type CallsStatusDetails = {
  kind: 'callsStatus'
  chainId: number
  symbol: string
  status: 'pending' | 'confirmed' | 'failed'
  /** The transaction that carried the batch, once it is on chain. */
  transactionHash: Hex | undefined
  /** The calls as the visitor approved them, when this frame sent the batch. */
  calls: CallDetail[] | undefined
}

/** How many batches the frame remembers the calls of: the recent ones a dApp may show. */
const REMEMBERED = 32

/**
 * The calls of the batches this frame sent, by batch id, as their approval sheet described them. Kept in
 * memory only: after a reload (or from another tab) the status still shows, without the calls.
 */
export function createSentCalls() {
  const sent = new Map<string, CallDetail[]>()
  return {
    remember(answer: unknown, details: CallsDetails) {
      const id = (answer as { id?: unknown } | null)?.id
      if (typeof id !== 'string') return
      sent.set(id.toLowerCase(), details.calls)
      for (const oldest of sent.keys()) {
        if (sent.size <= REMEMBERED) break
        sent.delete(oldest)
      }
    },
    recall: (id: string) => sent.get(id.toLowerCase()),
  }
}
export type SentCalls = ReturnType<typeof createSentCalls>

/**
 * Reads the batch's status as `wallet_getCallsStatus` answers it (an id this wallet did not make is the
 * EIP-5792 error 5730) and what the window shows of it.
 */
export async function describeCallsStatus(
  context: WalletRpcContext,
  params: unknown,
  sent: SentCalls,
): Promise<CallsStatusDetails> {
  const answer = await callsStatus(context, params)
  const chainId = Number(answer.chainId)
  return {
    kind: 'callsStatus',
    chainId,
    symbol: nativeSymbol(chainId),
    status:
      answer.status === CALLS_STATUS.pending
        ? 'pending'
        : answer.status === CALLS_STATUS.confirmed
          ? 'confirmed'
          : 'failed',
    transactionHash: answer.receipts?.[0]?.transactionHash,
    calls: sent.recall(answer.id),
  }
}
