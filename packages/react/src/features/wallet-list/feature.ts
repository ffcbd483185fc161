import { defineFeature } from '../define-feature.js'
import { walletNameTitle } from '../wallet-name-title.js'
import { walletListMessages } from './messages.js'

declare module '@portico/core' {
  interface ViewRegistry {
    /** The whole explorer list, searchable. */
    AllWallets: undefined
    /** How to get a listed wallet that is not installed here. */
    WalletDetails: { walletId: string }
  }
}

export const walletList = defineFeature({
  id: 'wallet-list',
  messages: walletListMessages,
  views: {
    Connect: { title: 'connectTitle', load: () => import('./connect-view.js') },
    AllWallets: { title: 'allWalletsTitle', load: () => import('./all-wallets-view.js') },
    WalletDetails: {
      title: 'connectTitle',
      titleFor: walletNameTitle('WalletDetails'),
      load: () => import('./wallet-details-view.js'),
    },
    ConnectingWallet: { title: 'connectTitle', load: () => import('./connecting-wallet-view.js') },
    ConnectingMultiChain: { title: 'connectTitle', load: () => import('./connecting-multi-chain-view.js') },
  },
})
