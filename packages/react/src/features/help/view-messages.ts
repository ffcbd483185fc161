import { defineMessages } from '@portico/core/internal'

/** The help view's own text; it loads with the view. */
export const helpViewMessages = defineMessages({
  id: 'help-view',
  messages: {
    keysTitle: 'Your keys, your account',
    keysBody:
      'A wallet is an app that holds the keys to your accounts on the blockchain. Only you can use them, and no site ever sees them.',
    signInTitle: 'Sign in without a password',
    signInBody:
      'Connecting your wallet shows an app your address, nothing more. The app asks, and you approve every signature and payment in the wallet.',
    assetsTitle: 'Keep and move your tokens',
    assetsBody:
      'Your wallet shows what you own on each network, and lets you send, receive and swap tokens from one place.',
    getAWallet: 'Get a wallet',
    chooseWallet: 'Choose a wallet',
  },
})
