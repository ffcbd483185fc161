import { defineFeature } from '../define-feature.js'
import { walletNameTitle } from '../wallet-name-title.js'
import { pairingMessages } from './messages.js'

export const pairing = defineFeature({
  id: 'pairing',
  messages: pairingMessages,
  views: {
    Pairing: {
      title: 'walletConnect',
      // Pairing for a wallet the visitor picked is titled with its name.
      titleFor: walletNameTitle('Pairing'),
      load: () => import('./pairing-view.js'),
    },
  },
})
