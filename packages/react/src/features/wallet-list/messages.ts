import { defineMessages } from '@portico/core/internal'

/** The wallet list as the Connect view shows it, and the views' titles (the views' own text: view-messages.ts). */
export const walletListMessages = defineMessages({
  id: 'wallet-list',
  messages: {
    connectTitle: 'Connect wallet',
    allWallets: 'All wallets',
    allWalletsTitle: 'All wallets',
    installed: 'Installed',
    recent: 'Recent',
    qrCode: 'QR code',
    noWalletsTitle: 'No wallet found',
    noWalletsBody: 'Install a browser wallet, or open this page inside a wallet app, to connect.',
    or: 'or',
    walletListOffline: 'Offline: showing the saved wallet list',
    // Here, not with the other set-up notices (components/setup-error-messages.ts): Connect opens with
    // the modal, and a lazy notice's loader would weigh more on the opening than this line.
    walletListUnreachable: 'The wallet list could not be loaded from {url}: check explorerUrl',
  },
})
