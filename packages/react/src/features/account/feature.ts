import { defineFeature } from '../define-feature.js'
import { accountMessages } from './messages.js'

export const account = defineFeature({
  id: 'account',
  messages: accountMessages,
  views: {
    Account: { title: 'accountTitle', load: () => import('./account-view.js') },
    Networks: { title: 'networksTitle', load: () => import('./networks-view.js') },
    UnsupportedChain: { title: 'unsupportedChainTitle', load: () => import('./unsupported-chain-view.js') },
  },
})
