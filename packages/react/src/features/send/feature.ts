import { defineFeature } from '../define-feature.js'
import { sendMessages } from './messages.js'

declare module '@portico/core' {
  interface ViewRegistry {
    /** The send form: token, amount, receiver (address, or a name on EVM chains) and the network fee. */
    Send: undefined
    /** The send form's summary, before the wallet is asked. */
    SendPreview: undefined
    /** The visitor's address with a QR code and the networks it is valid on. */
    Receive: undefined
  }
}

export const send = defineFeature({
  id: 'send',
  messages: sendMessages,
  views: {
    Send: { title: 'sendTitle', load: () => import('./send-view.js') },
    SendPreview: { title: 'previewTitle', load: () => import('./send-preview-view.js') },
    Receive: { title: 'receiveTitle', load: () => import('./receive-view.js') },
  },
  accountRows: [
    // EVM and Solana alike: SOL and SPL tokens go through the Solana adapter.
    { view: 'Send', label: 'send' },
    { view: 'Receive', label: 'receive' },
  ],
})
