import { currentRouteData } from '@portico/core'
import { defineFeature } from '../define-feature.js'
import { pairingMessages } from './messages.js'

export const pairing = defineFeature({
  id: 'pairing',
  messages: pairingMessages,
  views: {
    Pairing: {
      title: 'walletConnect',
      // Pairing for a wallet the visitor picked is titled with its name.
      titleFor: (portico) => {
        const walletId = currentRouteData(portico.router.store.getState(), 'Pairing')?.walletId
        return walletId ? portico.wallets.findById(walletId)?.name : undefined
      },
      load: () => import('./pairing-view.js'),
    },
  },
})
