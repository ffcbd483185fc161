import { defineMessages } from '@portico/core/internal'

/**
 * E-mail and social sign-in with the Portico wallet, and its requests: what the Connect view's sign-in
 * section and the modal's titles show (the sign-in views' own text: view-messages.ts).
 */
export const authMessages = defineMessages({
  id: 'auth',
  messages: {
    connectTitle: 'Connect wallet',
    emailLabel: 'Email',
    emailPlaceholder: 'you@example.com',
    emailInvalid: 'Enter a valid e-mail address',
    continue: 'Continue',
    socialLogins: 'Sign in with a social account',
    moreSocials: 'More sign-in options',
    continueWith: 'Continue with {provider}',
    google: 'Google',
    github: 'GitHub',
    apple: 'Apple',
    facebook: 'Facebook',
    x: 'X',
    discord: 'Discord',
    farcaster: 'Farcaster',
    continueWithPasskey: 'Continue with a passkey',
    passkeyTitle: 'Passkey',
    deviceTitle: 'Confirm this device',
    updateEmail: 'Change e-mail',
    updateEmailTitle: 'Change your e-mail',
    exportKey: 'Export private key',
    approveTitle: 'Approve request',
    approveSignBody: 'Sign a message',
    approveTypedDataBody: 'Sign typed data',
    approveSendBody: 'Send a transaction',
    approveSignTransactionBody: 'Sign a transaction',
    approveOtherBody: 'Allow {method}',
    approveInFrameBody:
      'Review the request in the Portico wallet window above and approve or reject it there.',
    actionNotAllowed: 'Action not allowed',
    actionNotAllowedBody: 'This app asked the wallet for something it is not allowed to do.',
    cancel: 'Cancel',
    close: 'Close',
  },
})
