import { defineMessages } from '@portico/core/internal'

/** The ConnectingSiwe view's own text; it loads with the view. */
export const siweViewMessages = defineMessages({
  id: 'siwe-view',
  messages: {
    siweHeading: '{app} asks you to sign in',
    siweHeadingNoName: 'This app asks you to sign in',
    siweBody: 'Sign a message to prove this wallet is yours. Signing is free and sends no transaction.',
    siweSigning: 'Sign the message in {wallet}…',
    siweDeclined: 'Signature declined',
    siweDeclinedBody: 'You declined to sign. Try again, or cancel to disconnect the wallet.',
    siweFailed: 'Sign-in failed',
    siweFailedBody: 'The app could not confirm your signature. Try again, or cancel to disconnect.',
    sign: 'Sign',
    tryAgain: 'Try again',
    cancel: 'Cancel',
    signing: 'Signing…',
    yourWallet: 'your wallet',
  },
})
