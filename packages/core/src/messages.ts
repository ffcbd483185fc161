import { buttonMessages, formatMessage } from './button-messages.js'
import type { PorticoErrorCode } from './errors.js'
import { defineMessages } from './i18n/catalogue.js'

/**
 * The message catalogue: every string a visitor can see. Views never hard-code text;
 * they call `t(key, params)` so a translation only replaces this object (and buttonMessages, the
 * strings of the first paint, kept apart so the catalogue loads with the modal).
 */
export const messages = {
  ...buttonMessages,
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
  tokens: 'Tokens',
  noTokens: 'No tokens on this network yet',
  activity: 'Activity',
  activityTitle: 'Activity',
  noActivity: 'No transactions yet',
  noActivityBody: 'Transactions of this account on this network show up here.',
  failedToFetchTransactions: 'Failed to fetch transactions',
  loadingActivity: 'Loading activity…',
  sent: 'Sent',
  received: 'Received',
  contractCall: 'Contract call',
  failed: 'Failed',
  failedToFetchBalance: 'Failed to fetch token balance',
  network: 'Network',
  switchNetwork: 'Switch network',
  switchingNetwork: 'Approve the network switch in your wallet',
  networkSwitched: 'Switched to {network}',
  networkSwitchFailed: 'Could not switch to {network}',
  unsupportedChainBody:
    "This app doesn't support your current network. Switch to an available option to continue.",
  activeNetwork: 'Active',
  notifications: 'Notifications',
  pairingTitle: 'Scan with your wallet',
  pairingBody: 'Scan this code with a WalletConnect wallet, or copy the link into it.',
  pairingQrLabel: 'WalletConnect pairing code',
  pairingCreating: 'Creating a pairing link…',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link',
  openInWallet: 'Open {wallet}',
  openMobileApp: 'Open in the app',
  pairingPendingTitle: 'Continue in your wallet',
  pairingPendingBody: 'Approve the request in {wallet}.',
  pairingFailed: 'Could not create a pairing link',
  pairingExpired: 'The pairing link expired; here is a new one',
  pairingRetry: 'New link',
  actionNotAllowed: 'Action not allowed',
  actionNotAllowedBody: 'This app asked the wallet for something it is not allowed to do.',
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  emailInvalid: 'Enter a valid e-mail address',
  continue: 'Continue',
  or: 'or',
  socialLogins: 'Sign in with a social account',
  continueWith: 'Continue with {provider}',
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  otpTitle: 'Enter the code',
  otpBody: 'We sent a 6-digit code to {email}.',
  stepUpTitle: 'Confirm it is you',
  stepUpBody: 'To use your wallet on this device, enter the code we sent to {email}.',
  otpDigit: 'Digit {n} of 6',
  otpGroup: 'One-time code',
  resendCode: 'Resend code',
  resendIn: 'Resend code in {n} s',
  checkingCode: 'Checking the code…',
  signingIn: 'Signing in…',
  deviceTitle: 'Confirm this device',
  deviceBody: 'We sent a link to {email}. Open it to approve this device; this page goes on by itself.',
  socialBody: 'Finish signing in in the {provider} window.',
  popupBlocked: 'Your browser blocked the sign-in window. Open it with the link below.',
  openSignInWindow: 'Open the {provider} sign-in window',
  socialWindowClosed: 'The sign-in window was closed before you finished.',
  codeLocked: 'Too many wrong codes. Ask for a new code.',
  farcasterTitle: 'Sign in with Farcaster',
  farcasterBody: 'Scan with your Farcaster app, or open the link, and approve the sign-in.',
  farcasterQrLabel: 'Sign in with Farcaster code',
  openFarcaster: 'Open Farcaster',
  authLoadFailed: 'Unable to load email login dependency',
  updateEmail: 'Change e-mail',
  updateEmailTitle: 'Change your e-mail',
  newEmailLabel: 'New e-mail',
  updateEmailPrimaryBody: 'Enter the code we sent to your current address, {email}.',
  updateEmailSecondaryBody: 'Enter the code we sent to {email}.',
  emailUpdated: 'E-mail updated',
  approveTitle: 'Approve request',
  approveSignBody: 'Sign a message',
  approveTypedDataBody: 'Sign typed data',
  approveSendBody: 'Send a transaction',
  approveOtherBody: 'Allow {method}',
  approveInFrameBody: 'Review the request in the Portico wallet window above and approve or reject it there.',
  signOut: 'Sign out',
  signedInWith: 'Signed in with {provider}',
} as const

export type MessageKey = keyof typeof messages

/** Messages that depend on a count: one text per plural category of the catalogue's language. */
export const pluralMessages = {
  wrongCodeTriesLeft: {
    one: 'That code is not right: {n} try left',
    other: 'That code is not right: {n} tries left',
  },
} as const satisfies Record<string, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>

export type PluralMessageKey = keyof typeof pluralMessages

/** The catalogue's language, for its plural rules. */
const CATALOGUE_LOCALE = 'en'

/** Formats the form of a counted message that fits `n` (`{n}` is replaced by the count). */
export function tPlural(
  key: PluralMessageKey,
  n: number,
  params: Record<string, string | number> = {},
): string {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string } = pluralMessages[key]
  const form = forms[new Intl.PluralRules(CATALOGUE_LOCALE).select(n)] ?? forms.other
  return formatMessage(form, { ...params, n })
}

/** Formats a catalogue message, replacing `{name}` placeholders. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return formatMessage(messages[key], params)
}

// ---------------------------------------------------------------------------------------------------
// Errors: the text the modal shows for each PorticoErrorCode, read through `errorMessage` (never from
// an error's own message). `{wallet}` is the wallet's name. An error that carries a count `n`
// (seconds to wait, tries left) shows the counted form `<code>_COUNTED` where the catalogue has one.

const errorTexts = {
  CONFIG_INVALID: "This app's wallet settings are invalid",
  RUNTIME_NOT_LOADED: 'The wallet window is still loading',
  ADAPTER_MISSING: 'This app cannot connect wallets for this network',
  NOT_CONNECTED: 'Connect a wallet first',
  CONNECTOR_ALREADY_CONNECTED: 'This wallet is already connected',
  CONNECTOR_NOT_FOUND: 'This wallet is not available',
  PROVIDER_NOT_FOUND: 'No wallet found in this browser',
  CHAIN_NOT_CONFIGURED: 'This app does not support this network',
  USER_CANCELLED: 'Cancelled',
  USER_REJECTED: 'Request rejected in your wallet',
  UNAUTHORIZED: '{wallet} has not allowed this app to do that',
  UNSUPPORTED_METHOD: '{wallet} does not support this request',
  DISCONNECTED: '{wallet} is disconnected',
  CHAIN_DISCONNECTED: '{wallet} is not connected to this network',
  UNRECOGNIZED_CHAIN: '{wallet} does not know this network',
  RPC_TIMEOUT: '{wallet} did not respond in time',
  INVALID_WALLET_RESPONSE: '{wallet} returned an invalid response',
  WALLET_ERROR: '{wallet}: {message}',
  HTTP_ERROR: 'The server could not be reached',
  INVALID_RESPONSE: 'The server gave an unexpected answer',
  AUTH_LOAD_FAILED: 'Unable to load email login dependency',
  AUTH_BAD_REQUEST: 'The sign-in service could not read the request',
  AUTH_UNAUTHORIZED: 'Your session has ended. Sign in again.',
  AUTH_COOLDOWN: 'Please wait a moment before asking for a new code',
  AUTH_INVALID_OTP: 'That code is not right',
  AUTH_OTP_EXPIRED: 'That code has expired. Ask for a new code.',
  AUTH_OTP_LOCKED: 'Too many wrong codes. Ask for a new code.',
  AUTH_RATE_LIMITED: 'Too many attempts. Try again later.',
  AUTH_NOT_FOUND: 'This sign-in is no longer valid. Start again.',
  AUTH_CONFLICT: 'This e-mail address belongs to another account',
  AUTH_ORIGIN_NOT_ALLOWED: 'This app is not allowed to use the Portico wallet',
  AUTH_PROVIDER_ERROR: 'The sign-in provider did not answer. Try again.',
  AUTH_STEP_UP_REQUIRED: 'Confirm the code sent to your e-mail to use your wallet on this device',
  AUTH_UNAVAILABLE: 'The sign-in service is not reachable. Try again later.',
  AUTH_SOCIAL_WINDOW_CLOSED: 'The sign-in window was closed before you finished.',
  AUTH_LOGIN_TIMED_OUT: 'The sign-in took too long. Try again.',
  FRAME_UNAVAILABLE: 'The Portico wallet could not be reached',
  FRAME_TIMEOUT: 'The Portico wallet did not respond in time',
  FRAME_ABORTED: 'The request was cancelled',
  FRAME_ERROR: 'The Portico wallet could not complete the request',
  ACTION_NOT_ALLOWED: 'Action not allowed',
  UNKNOWN: 'Something went wrong',
} as const satisfies Record<PorticoErrorCode, string>

/** The errors' catalogue: a text per code, and counted forms for the codes that carry a count. */
export const errorMessages = defineMessages({
  id: 'errors',
  messages: {
    ...errorTexts,
    AUTH_COOLDOWN_COUNTED: {
      one: 'Please try again after {n} second',
      other: 'Please try again after {n} seconds',
    },
    AUTH_INVALID_OTP_COUNTED: {
      one: 'That code is not right: {n} try left',
      other: 'That code is not right: {n} tries left',
    },
  },
})
