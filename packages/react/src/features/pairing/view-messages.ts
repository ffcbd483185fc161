import { defineMessages } from '@portico/core/internal'

/** The Pairing view's own text; it loads with the view. */
export const pairingViewMessages = defineMessages({
  id: 'pairing-view',
  messages: {
    pairingTitle: 'Scan with your wallet',
    pairingBody: 'Scan this code with a WalletConnect wallet, or copy the link into it.',
    pairingQrLabel: 'WalletConnect pairing code',
    pairingCreating: 'Creating a pairing link…',
    pairingPendingTitle: 'Continue in your wallet',
    pairingPendingBody: 'Approve the request in {wallet}.',
    pairingFailed: 'Could not create a pairing link',
    pairingRetry: 'New link',
    copyLink: 'Copy link',
    linkCopied: 'Link copied',
    copyFailed: 'Could not copy the link',
    openInWallet: 'Open {wallet}',
    openMobileApp: 'Open in the app',
    openWebApp: 'Open the web app',
    openDesktopApp: 'Open the desktop app',
    connecting: 'Connecting…',
    continueInWallet: 'Continue in {wallet}',
    continueInWalletBody:
      'Accept the connection request in {wallet}. If it did not open, open it here or copy the link into it.',
    open: 'Open',
    dontHaveWallet: 'Don’t have {wallet}?',
    getWallet: 'Get it',
    cancel: 'Cancel',
  },
})
