import type { TransactionRequest } from '../../connection/chain-adapter.js'
import { normalizeError } from '../../errors/normalize-error.js'
import { checkSend, type ReceiverError, type SendCheck } from './check-send.js'
import {
  connectionOf,
  nativeBalanceOf,
  parsedAmountOf,
  pickedToken,
  type SendContext,
  setSendState,
} from './send-context.js'
import type { SendOutcome } from './send-state.js'
import { transferRequest } from './transfer-request.js'
import { walletErrorText } from './wallet-error-text.js'

function receiverErrorOf(context: SendContext): ReceiverError | undefined {
  const { receiverStatus } = context.store.getState()
  if (receiverStatus === 'notFound') return 'nameNotResolved'
  if (receiverStatus === 'resolving') return 'receiverPending'
  if (receiverStatus === 'invalid' || receiverStatus === 'empty') return 'receiverInvalid'
  return undefined
}

/** The form's rules against the current balances and fee. */
export function checkSendForm(context: SendContext): SendCheck {
  const { receiverAddress, fee } = context.store.getState()
  return checkSend({
    token: pickedToken(context),
    amount: parsedAmountOf(context),
    receiverAddress,
    receiverError: receiverErrorOf(context),
    nativeBalance: nativeBalanceOf(context),
    fee,
  })
}

/** The transaction the form describes, with its fee terms; undefined while the form is not valid. */
export function sendRequestOf(context: SendContext): TransactionRequest | undefined {
  const current = pickedToken(context)
  const { receiverAddress, fee } = context.store.getState()
  const parsed = parsedAmountOf(context)
  if (!checkSendForm(context).ready || !current || !receiverAddress || !('value' in parsed)) return undefined
  const namespace = connectionOf(context)?.namespace
  return { ...transferRequest(current, receiverAddress, parsed.value, namespace), fee }
}

/** Asks the wallet, after checking the form again (nothing is asked when it is invalid). */
export async function sendTransfer(context: SendContext): Promise<SendOutcome> {
  const transaction = sendRequestOf(context)
  if (!transaction) return { status: 'invalid', check: checkSendForm(context) }
  setSendState(context, { status: 'confirming' })
  try {
    const hash = await context.portico.sendTransaction(transaction)
    setSendState(context, { status: 'sent', hash })
    return { status: 'sent', hash }
  } catch (error) {
    setSendState(context, { status: 'editing' })
    const normalized = normalizeError(error, 'sendTransaction')
    return {
      status: normalized.code === 'USER_REJECTED' ? 'rejected' : 'failed',
      message: walletErrorText(error),
    }
  }
}
