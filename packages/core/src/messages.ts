/**
 * The message catalogue: every string a visitor can see. Views never hard-code text;
 * they call `t(key, params)` so a translation only replaces this object.
 */
export const messages = {
  connectWallet: 'Connect wallet',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  close: 'Close',
  back: 'Back',
  modalLabel: 'Portico',
  connectTitle: 'Connect wallet',
  accountTitle: 'Account',
  networksTitle: 'Choose network',
  unsupportedChainTitle: 'Switch network',
  installed: 'Installed',
  recent: 'Recent',
  allWallets: 'All wallets',
  allWalletsTitle: 'All wallets',
  searchWallets: 'Search wallets',
  noWalletsFound: 'No wallet found for “{query}”',
  walletListOffline: 'Offline: showing the saved wallet list',
  walletListError: 'Could not load the wallet list',
  loadingWallets: 'Loading wallets…',
  notInstalled: '{wallet} is not installed in this browser',
  notInstalledBody: 'Install it, or open it on your phone, then come back to connect.',
  openWebApp: 'Open the web app',
  openDesktopApp: 'Open the desktop app',
  visitWebsite: 'Visit the website',
  appStore: 'App Store',
  playStore: 'Google Play',
  browserWallet: 'Browser Wallet',
  noWalletsTitle: 'No wallet found',
  noWalletsBody: 'Install a browser wallet, or open this page inside a wallet app, to connect.',
  continueInWallet: 'Continue in {wallet}',
  continueInWalletBody: 'Accept the connection request in your wallet.',
  connectionDeclined: 'Connection declined',
  connectionDeclinedBody: 'The request was rejected in the wallet. You can try again.',
  connectionFailed: 'Connection failed',
  tryAgain: 'Try again',
  cancel: 'Cancel',
  walletRejected: 'Request rejected in your wallet',
  walletTimedOut: '{wallet} did not respond in time',
  walletInvalidResponse: '{wallet} returned an invalid response',
  walletError: '{wallet}: {message}',
  somethingWentWrong: 'Something went wrong',
  copyAddress: 'Copy address',
  addressCopied: 'Address copied',
  viewOnExplorer: 'View on block explorer',
  disconnect: 'Disconnect',
  disconnected: 'Disconnected',
  failedToDisconnect: 'Failed to disconnect',
  balanceLabel: 'Balance',
  failedToFetchBalance: 'Failed to fetch token balance',
  network: 'Network',
  switchNetwork: 'Switch network',
  switchingNetwork: 'Approve the network switch in your wallet',
  networkSwitched: 'Switched to {network}',
  networkSwitchFailed: 'Could not switch to {network}',
  unsupportedChainBody:
    "This app doesn't support your current network. Switch to an available option to continue.",
  unknownNetwork: 'Unknown network',
  activeNetwork: 'Active',
  notifications: 'Notifications',
  actionNotAllowed: 'Action not allowed',
} as const

export type MessageKey = keyof typeof messages

/** Formats a catalogue message, replacing `{name}` placeholders. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  )
}
