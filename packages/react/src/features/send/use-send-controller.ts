import { createSendController, perPortico } from '@portico/core/internal'
import { sendViewMessages } from './view-messages.js'

/**
 * The send form of one Portico instance: it outlives the Send and Preview views (going back and forth
 * keeps what was typed, and a rejection in the wallet leaves it intact). It loads with the first of them.
 */
export const sendControllerOf = perPortico((portico) =>
  createSendController(portico, {
    onConfirmed(status) {
      if (status === 'reverted') portico.toast.show('error', sendViewMessages.t('transactionError'))
      // Success: back on Account, where the balances and Activity follow the new block.
      const view = portico.router.current()?.view
      if (view === 'Send' || view === 'SendPreview') portico.router.reset('Account')
    },
  }),
)
