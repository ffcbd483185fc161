import { defineFeature } from '../define-feature.js'
import { siweMessages } from './messages.js'

/**
 * Sign-In With Ethereum: the ConnectingSiwe step the core opens after a connection when the config has
 * `siwe` (the view is registered there; nothing else opens it, so the feature needs no switch).
 */
export const siwe = defineFeature({
  id: 'siwe',
  messages: siweMessages,
  views: {
    ConnectingSiwe: { title: 'siweTitle', load: () => import('./connecting-siwe-view.js') },
  },
})
