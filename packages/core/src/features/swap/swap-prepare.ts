import type { BatchSupport } from './swap-batch-support.js'
import type { SwapQuote } from './swap-client.js'
import { SWAP_ESTIMATE_GAS_LIMIT } from './swap-constants.js'
import { connectionOf, type SwapContext, setSwapState } from './swap-context.js'
import { gasCostInUsd } from './swap-math.js'
import { swapToastMessages } from './swap-messages.js'
import type { PreparedTransaction, SwapState, SwapToken } from './swap-state.js'
import { addressOf, isInsufficient, swapTokensOf } from './swap-tokens.js'

const { t } = swapToastMessages

/** A quote the balances can pay, and the round that asked for it. */
export interface QuotedSwap {
  run: number
  source: SwapToken
  target: SwapToken
  user: string
  amount: bigint
  answer: SwapQuote
  /** What the wallet batches on this chain. */
  batch: BatchSupport
}

/** Spec §4: the allowance decides between an approval and the swap itself. */
export async function prepareSwapTransaction(context: SwapContext, quoted: QuotedSwap): Promise<void> {
  const { run, source, user, amount } = quoted
  const userAccount = `eip155:${connectionOf(context)?.chainId}:${user}`
  setSwapState(context, { transactionStatus: 'preparing' })
  if (source.contract) {
    let allowance: bigint
    try {
      allowance = await context.client.allowance({ tokenAddress: source.address, userAddress: userAccount })
    } catch {
      if (run !== context.round) return
      context.portico.toast.show('error', t('failedToCheckAllowance'))
      return setSwapState(context, { transactionStatus: 'idle' })
    }
    if (run !== context.round) return
    if (allowance < amount) {
      // A wallet that batches takes the approval and the swap in one request: one approval, one fee.
      if (quoted.batch.atomic) return buildSwap(context, quoted, userAccount, source.contract)
      return prepareApproval(context, quoted, userAccount, source.contract)
    }
  }
  return buildSwap(context, quoted, userAccount)
}

/** The approval of the source token for the swap, checked against what was asked. */
async function buildCheckedApproval(
  context: SwapContext,
  quoted: QuotedSwap,
  userAccount: string,
  contract: `0x${string}`,
): Promise<PreparedTransaction> {
  const { source, target, amount } = quoted
  const approval = await context.client.buildApprove({
    from: source.address,
    to: target.address,
    userAddress: userAccount,
    amount,
  })
  // The approval is sent to `tx.from` (Web3Modal's reading of the answer): it must be the source
  // token's contract, and the call its `approve`, or the wallet would be asked for something else.
  if (addressOf(approval.from) !== contract || !approval.data.startsWith('0x095ea7b3'))
    throw new Error('The approval does not approve the source token')
  const gas = approval.gas ?? SWAP_ESTIMATE_GAS_LIMIT
  return { to: contract, data: approval.data, value: 0n, gas, gasPrice: approval.gasPrice }
}

async function prepareApproval(
  context: SwapContext,
  quoted: QuotedSwap,
  userAccount: string,
  contract: `0x${string}`,
) {
  const { run } = quoted
  try {
    const approval = await buildCheckedApproval(context, quoted, userAccount, contract)
    if (run !== context.round) return
    setSwapState(context, {
      approvalTransaction: approval,
      ...feeOf(context, approval.gas * approval.gasPrice),
      transactionStatus: 'idle',
    })
  } catch {
    if (run !== context.round) return
    context.portico.toast.show('error', t('failedToCreateApproval'))
    setSwapState(context, { transactionStatus: 'idle' })
  }
}

/**
 * Builds the swap; with `approve` (the token contract), also its approval, for a wallet that batches: the swap
 * is then built unestimated (`disableEstimate`), as the allowance it needs comes with the same batch.
 */
async function buildSwap(
  context: SwapContext,
  quoted: QuotedSwap,
  userAccount: string,
  approve?: `0x${string}`,
) {
  const { run, source, target, user, amount, answer, batch } = quoted
  // Only a batch is sponsored: a swap that needs no approval stays the transaction it is today.
  const sponsored = approve !== undefined && batch.paymasterUrl !== undefined
  try {
    const [approval, built] = await Promise.all([
      approve ? buildCheckedApproval(context, quoted, userAccount, approve) : undefined,
      context.client.buildTransaction({
        from: source.address,
        to: target.address,
        userAddress: userAccount,
        amount,
        slippage: context.store.getState().slippage,
        disableEstimate: approve !== undefined,
      }),
    ])
    if (run !== context.round) return
    if (built.amount !== amount || addressOf(built.from) !== user.toLowerCase())
      throw new Error('The built swap is not the one quoted')
    const gas = built.gas + (approval?.gas ?? 0n)
    const fee = feeOf(context, sponsored ? 0n : gas * built.gasPrice)
    setSwapState(context, {
      approvalTransaction: approval,
      batched: approval !== undefined,
      sponsored,
      swapTransaction: {
        to: addressOf(built.to),
        data: built.data,
        value: source.contract ? 0n : amount,
        gas: built.gas,
        gasPrice: built.gasPrice,
        toAmount: answer.toAmount,
      },
      ...fee,
      inputError: isInsufficient(context, amount, fee.gasFee, sponsored) ? 'insufficientBalance' : undefined,
      transactionStatus: 'idle',
    })
  } catch {
    if (run !== context.round) return
    context.portico.toast.show('error', t('failedToCreateTransaction'))
    setSwapState(context, { transactionStatus: 'idle' })
  }
}

function feeOf(context: SwapContext, gasFee: bigint): Pick<SwapState, 'gasFee' | 'gasPriceInUSD'> {
  const native = swapTokensOf(context).find((token) => !token.contract)
  return {
    gasFee,
    gasPriceInUSD: native?.price ? gasCostInUsd(gasFee, 1n, native.price, native.decimals) : undefined,
  }
}
