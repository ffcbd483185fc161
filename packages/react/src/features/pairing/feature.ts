import { defineFeature } from '../define-feature.js'
import { pairingMessages } from './messages.js'

export const pairing = defineFeature({
  id: 'pairing',
  messages: pairingMessages,
  views: {
    Pairing: { title: 'walletConnect', load: () => import('./pairing-view.js') },
  },
})
