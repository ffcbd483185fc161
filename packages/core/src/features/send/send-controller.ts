import { createStore } from '../../store.js'
import { resolveName } from './resolve-name.js'
import { pickedToken, type SendContext, sendTokensIn, setSendState } from './send-context.js'
import { scheduleEstimate, setMax } from './send-fee.js'
import { setReceiver } from './send-receiver.js'
import {
  FEE_ESTIMATE_DEBOUNCE_MS,
  initialSendState,
  NAME_LOOKUP_DEBOUNCE_MS,
  type SendController,
  type SendControllerOptions,
  type SendPortico,
  type SendState,
} from './send-state.js'
import { checkSendForm, sendRequestOf, sendTransfer } from './send-transaction.js'

export {
  FEE_ESTIMATE_DEBOUNCE_MS,
  NAME_LOOKUP_DEBOUNCE_MS,
  type SendController,
  type SendControllerOptions,
  type SendOutcome,
  type SendPortico,
  type SendState,
} from './send-state.js'
export { walletErrorText } from './wallet-error-text.js'

/** Clears the form; a look-up or estimate still under way is dropped with it. */
function resetSend(context: SendContext) {
  clearTimeout(context.nameTimer)
  clearTimeout(context.feeTimer)
  context.nameRequest++
  context.feeRequest++
  context.store.setState(initialSendState())
}

/** The send form of one Portico instance: what the Send views read and do. */
export function createSendController(
  portico: SendPortico,
  options: SendControllerOptions = {},
): SendController {
  const context: SendContext = {
    portico,
    store: createStore<SendState>(initialSendState()),
    lookupName:
      options.lookupName ??
      ((name, chainId) =>
        resolveName(
          { chainApiUrl: portico.config.chainApiUrl, projectId: portico.config.projectId },
          name,
          chainId,
        )),
    nameDelay: options.nameLookupDebounceMs ?? NAME_LOOKUP_DEBOUNCE_MS,
    feeDelay: options.feeEstimateDebounceMs ?? FEE_ESTIMATE_DEBOUNCE_MS,
    nameTimer: undefined,
    feeTimer: undefined,
    nameRequest: 0,
    feeRequest: 0,
  }
  const reset = () => resetSend(context)
  // The form belongs to one account on one network; the block with the visitor's transaction ends it.
  const stops = [
    portico.on('accountChanged', reset),
    portico.on('chainChanged', reset),
    portico.on('disconnected', reset),
    portico.on('transactionConfirmed', ({ hash, status }) => {
      if (context.store.getState().hash !== hash) return
      if (status === 'success') reset()
      else setSendState(context, { status: 'editing', hash: undefined })
      options.onConfirmed?.(status)
    }),
  ]
  return {
    store: context.store,
    tokens: () => sendTokensIn(context),
    token: () => pickedToken(context),
    selectToken(key) {
      setSendState(context, { tokenKey: key, max: false })
      scheduleEstimate(context)
    },
    setAmount(text) {
      setSendState(context, { sendTokenAmount: text, max: false })
      scheduleEstimate(context)
    },
    setMax: () => setMax(context),
    setReceiver: (text) => setReceiver(context, text),
    refreshFee: () => scheduleEstimate(context),
    check: () => checkSendForm(context),
    request: () => sendRequestOf(context),
    send: () => sendTransfer(context),
    reset,
    dispose() {
      reset()
      for (const stop of stops) stop()
    },
  }
}
