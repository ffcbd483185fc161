import { defineFeature } from '../define-feature.js'
import { helpMessages } from './messages.js'

declare module '@portico/core' {
  interface ViewRegistry {
    /** What a wallet is, for a visitor who has none yet; the Connect view's help button opens it. */
    WhatIsAWallet: undefined
  }
}

export const help = defineFeature({
  id: 'help',
  messages: helpMessages,
  views: {
    WhatIsAWallet: { title: 'whatIsAWalletTitle', load: () => import('./help-view.js') },
  },
})
