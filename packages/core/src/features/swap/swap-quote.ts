import { parseAmount } from '../send/parse-amount.js'
import { batchSupportOf } from './swap-batch-support.js'
import type { SwapQuote } from './swap-client.js'
import { SWAP_ESTIMATE_GAS_LIMIT } from './swap-constants.js'
import { type SwapContext, setSwapState, userAddressOf } from './swap-context.js'
import { formatTargetAmount, gasCostInUsd, maxSlippageOf, priceImpactOf, providerFeeOf } from './swap-math.js'
import { prepareSwapTransaction } from './swap-prepare.js'
import type { SwapInputError } from './swap-state.js'
import { isInsufficient, sourceTokenOf, swapTokensOf, toTokenOf } from './swap-tokens.js'

/** The form changed: drop what was quoted and quote again after the debounce (or at once). */
export function scheduleQuote(context: SwapContext, delay = context.debounceMs): Promise<void> {
  clearTimeout(context.timer)
  const run = ++context.round
  const source = sourceTokenOf(context)
  const parsed = source ? parseAmount(context.store.getState().sourceTokenAmount, source.decimals) : undefined
  const quotable = !!source && !!toTokenOf(context) && !!parsed && 'value' in parsed && parsed.value > 0n
  const inputError: SwapInputError | undefined =
    parsed && 'error' in parsed && parsed.error !== 'empty'
      ? parsed.error === 'tooManyDecimals'
        ? 'tooManyDecimals'
        : 'invalidAmount'
      : undefined
  setSwapState(context, {
    toTokenAmount: '',
    quote: undefined,
    quoteStatus: quotable ? 'loading' : 'idle',
    priceImpact: undefined,
    maxSlippage: undefined,
    providerFee: undefined,
    inputError,
    approvalTransaction: undefined,
    swapTransaction: undefined,
    batched: false,
    sponsored: false,
    transactionStatus: 'idle',
  })
  if (!quotable) return Promise.resolve()
  return new Promise<void>((resolve) => {
    context.timer = setTimeout(() => void quote(context, run).finally(resolve), delay)
  })
}

/** Asks for a quote of the form; a quote the balances can pay goes on to its transaction. */
async function quote(context: SwapContext, run: number): Promise<void> {
  const source = sourceTokenOf(context)
  const target = toTokenOf(context)
  const user = userAddressOf(context)
  const { sourceTokenAmount, gasPrice, slippage } = context.store.getState()
  const parsed = source ? parseAmount(sourceTokenAmount, source.decimals) : undefined
  if (!source || !target || !user || !parsed || !('value' in parsed)) return
  const amount = parsed.value
  let answer: SwapQuote | undefined
  try {
    answer = await context.client.quote({
      from: source.address,
      to: target.address,
      amount,
      userAddress: user,
      gasPrice: gasPrice ?? 0n,
    })
  } catch {
    answer = undefined
  }
  const [batch] = await Promise.all([batchSupportOf(context), context.balancesRead])
  if (run !== context.round) return
  if (!answer) return setSwapState(context, { quoteStatus: 'error' })
  const { prices } = context.store.getState()
  const nativeAddress = swapTokensOf(context).find((token) => !token.contract)?.address
  const networkPrice = nativeAddress ? prices[nativeAddress] : undefined
  // A batch the dApp's paymaster may sponsor costs the account no fee: the fee is checked once the
  // allowance says whether the swap is a batch (swap-prepare).
  const sponsored = batch.atomic && batch.paymasterUrl !== undefined
  const gasFee = sponsored ? 0n : gasPrice === undefined ? undefined : gasPrice * SWAP_ESTIMATE_GAS_LIMIT
  const inputError = isInsufficient(context, amount, gasFee, sponsored) ? 'insufficientBalance' : undefined
  setSwapState(context, {
    quote: answer,
    quoteStatus: 'ready',
    toTokenAmount: formatTargetAmount(answer.toAmount, target.decimals),
    sourceTokenPriceInUSD: source.price,
    toTokenPriceInUSD: target.price,
    gasFee,
    gasPriceInUSD: gasFee !== undefined && networkPrice ? gasCostInUsd(gasFee, 1n, networkPrice) : undefined,
    sponsored,
    priceImpact: priceImpactOf({
      amountIn: amount,
      fromDecimals: source.decimals,
      fromPrice: source.price,
      amountOut: answer.toAmount,
      toDecimals: target.decimals,
      toPrice: target.price,
    }),
    maxSlippage: maxSlippageOf(answer.toAmount, slippage),
    providerFee: providerFeeOf(amount),
    inputError,
  })
  if (!inputError) await prepareSwapTransaction(context, { run, source, target, user, amount, answer, batch })
}
