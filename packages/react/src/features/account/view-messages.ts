import { defineMessages } from '@portico/core/internal'

/** The account views' own text; it loads with them. */
export const accountViewMessages = defineMessages({
  id: 'account-view',
  messages: {
    unsupportedChainBody:
      "This app doesn't support your current network. Switch to an available option to continue.",
    activeNetwork: 'Active',
    searchNetworks: 'Search networks',
    noNetworksFound: 'No network found for “{query}”',
    networksFound: { one: '{n} network found', other: '{n} networks found' },
    network: 'Network',
    unknownNetwork: 'Unknown network',
    copyAddress: 'Copy address',
    addressCopied: 'Address copied',
    somethingWentWrong: 'Something went wrong',
    viewOnExplorer: 'View on block explorer',
    upgradeToSmartAccount: 'Upgrade to smart account',
    upgradingAccount: 'Upgrading… approve in the wallet window',
    smartAccount: 'Smart account',
    /** Opens the list of ERC-7715 permissions the wallet granted to apps. */
    permissions: 'Permissions',
    switchToSmartAccount: 'Switch to your smart account',
    switchToEoa: 'Switch to your EOA',
    balanceLabel: 'Balance',
    failedToFetchBalance: 'Failed to fetch token balance',
    tokens: 'Tokens',
    noTokens: 'No tokens on this network yet',
    buyCrypto: 'Buy crypto',
    receiveCrypto: 'Receive crypto',
    disconnect: 'Disconnect',
    signOut: 'Sign out',
    signedInWith: 'Signed in with {provider}',
    google: 'Google',
    github: 'GitHub',
    apple: 'Apple',
    facebook: 'Facebook',
    x: 'X',
    discord: 'Discord',
    farcaster: 'Farcaster',
    passkey: 'a passkey',
  },
})
