import type { FeeEstimate } from '../../connection/chain-adapter.js'
import type { ParsedAmount } from './parse-amount.js'
import type { SendToken } from './send-token.js'

export type AmountError =
  | 'amountInvalid'
  | 'amountTooManyDecimals'
  | 'amountZero'
  | 'amountAboveBalance'
  | 'insufficientFunds'
export type ReceiverError = 'receiverInvalid' | 'nameNotResolved' | 'receiverPending'

export interface SendCheck {
  amount: AmountError | undefined
  receiver: ReceiverError | undefined
  /** Sending a token to its own contract: allowed, but the tokens are most likely lost. */
  warning: 'tokenContract' | undefined
  /**
   * The amount or the receiver is missing or not valid (as opposed to a balance the amount exceeds):
   * a Solana send says so in one message (spec §5).
   */
  incomplete: boolean
  /** Everything the wallet needs is there and valid (the fee estimate included). */
  ready: boolean
}

export interface SendCheckInput {
  token: SendToken | undefined
  amount: ParsedAmount
  receiverAddress: string | undefined
  receiverError: ReceiverError | undefined
  /** The native balance, in base units (pays the fee). */
  nativeBalance: bigint | undefined
  fee: FeeEstimate | undefined
}

/**
 * The send form's rules, checked before the wallet is asked: an amount above zero and within the
 * balance, enough of the native token left for the fee ceiling, and a valid receiver.
 */
export function checkSend({
  token,
  amount,
  receiverAddress,
  receiverError,
  nativeBalance,
  fee,
}: SendCheckInput): SendCheck {
  const receiver = receiverError ?? (receiverAddress ? undefined : 'receiverInvalid')
  let amountError: AmountError | undefined
  if ('error' in amount)
    amountError = amount.error === 'tooManyDecimals' ? 'amountTooManyDecimals' : 'amountInvalid'
  else if (amount.value === 0n) amountError = 'amountZero'
  else if (!token || amount.value > token.balance) amountError = 'amountAboveBalance'
  else if (fee && nativeBalance !== undefined) {
    const nativeNeeded = fee.maxFee + (token.address ? 0n : amount.value)
    if (nativeBalance < nativeNeeded) amountError = 'insufficientFunds'
  }
  const warning =
    token?.address && receiverAddress && sameAddress(receiverAddress, token.address)
      ? 'tokenContract'
      : undefined
  return {
    amount: amountError,
    receiver,
    warning,
    incomplete:
      receiver === 'receiverInvalid' || amountError === 'amountInvalid' || amountError === 'amountZero',
    ready: amountError === undefined && receiver === undefined && fee !== undefined,
  }
}

/** EVM addresses are hex in any case; others (Solana's base58) are case-sensitive. */
const sameAddress = (a: string, b: string) =>
  a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b
