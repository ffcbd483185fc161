import { defineMessages } from '@portico/core/internal'

/** The wallet-list views' own text (All wallets, a wallet to get, connecting, the chain picker); it loads with them. */
export const walletListViewMessages = defineMessages({
  id: 'wallet-list-view',
  messages: {
    loadingWallets: 'Loading wallets…',
    searchWallets: 'Search wallets',
    noWalletsFound: 'No wallet found for “{query}”',
    walletListError: 'Could not load the wallet list',
    tryAgain: 'Try again',
    appStore: 'App Store',
    playStore: 'Google Play',
    notInstalled: '{wallet} is not installed in this browser',
    notInstalledBody: 'Install it, or open it on your phone, then come back to connect.',
    openDesktopApp: 'Open the desktop app',
    openWebApp: 'Open the web app',
    visitWebsite: 'Visit the website',
    browserWallet: 'Browser Wallet',
    cancel: 'Cancel',
    connecting: 'Connecting…',
    connectionDeclined: 'Connection declined',
    connectionDeclinedBody: 'The request was rejected in the wallet. You can try again.',
    connectionFailed: 'Connection failed',
    continueInWallet: 'Continue in {wallet}',
    continueInWalletBody: 'Accept the connection request in your wallet.',
    selectChainFor: 'Select a chain for {wallet}',
    selectChainBody:
      'This wallet works on more than one chain. Pick one to connect now; switching networks adds the other.',
    chains: 'Chains',
    evmNetworks: 'EVM networks',
    solana: 'Solana',
  },
})
