import type { PorticoErrorCode } from '../errors/errors.js'
import { buttonMessages } from '../modal/button-messages.js'

// The core's source-language texts, apart from their catalogues (messages.ts) so a locale file's type
// (core-locale.ts) can name them without importing the catalogue that loads the locale files.

/** The strings the core's runtime shows by itself (toasts, connector names) and the buttons' strings. */
export const coreEntries = {
  ...buttonMessages,
  somethingWentWrong: 'Something went wrong',
  continueInWallet: 'Continue in {wallet}',
  emailLabel: 'Email',
  sessionNotRestored:
    'Signed out: the sign-in of {who} could not be restored in this browser. Sign in again to continue.',
  emailUpdated: 'E-mail updated',
  actionNotAllowed: 'Action not allowed',
  failedToDisconnect: 'Failed to disconnect',
  failedToFetchBalance: 'Failed to fetch token balance',
  switchingNetwork: 'Approve the network switch in your wallet',
  networkSwitched: 'Switched to {network}',
  networkSwitchFailed: 'Could not switch to {network}',
} as const

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
  INSUFFICIENT_FUNDS: 'Insufficient funds for this transaction',
  HTTP_ERROR: 'The server could not be reached',
  INVALID_RESPONSE: 'The server gave an unexpected answer',
  AUTH_LOAD_FAILED: 'Unable to load email login dependency',
  AUTH_BAD_REQUEST: 'The sign-in service could not read the request',
  AUTH_UNAUTHORIZED: 'Your session has ended. Sign in again.',
  AUTH_COOLDOWN: 'Please wait a moment before asking for a new code',
  AUTH_INVALID_OTP: 'That code is not right. Ask for a new code.',
  AUTH_OTP_EXPIRED: 'That code has expired. Ask for a new code.',
  AUTH_OTP_LOCKED: 'Too many wrong codes. Ask for a new code.',
  AUTH_RATE_LIMITED: 'Too many attempts. Try again later.',
  AUTH_NOT_FOUND: 'This sign-in is no longer valid. Start again.',
  AUTH_CONFLICT: 'This e-mail address belongs to another account',
  AUTH_ORIGIN_NOT_ALLOWED: 'This app is not allowed to use the Portico wallet',
  AUTH_PROVIDER_ERROR: 'The sign-in provider did not complete the sign-in. Try again.',
  AUTH_STEP_UP_REQUIRED: 'Confirm the code sent to your e-mail to use your wallet on this device',
  AUTH_UNAVAILABLE: 'The sign-in service is not reachable. Try again later.',
  AUTH_SOCIAL_WINDOW_CLOSED: 'The sign-in window was closed before you finished.',
  AUTH_LOGIN_TIMED_OUT: 'The sign-in took too long. Try again.',
  FRAME_ORIGIN_NOT_ALLOWED:
    'This site ({origin}) may not use the wallet service of project {projectId}. Its operator adds the site to AUTH_ALLOWED_ORIGINS.',
  AUTH_SERVICE_UNREACHABLE:
    "The wallet service at {url} cannot be reached. Check the app's authUrl and that the service is running.",
  AUTH_PASSKEY_CANCELLED: 'No passkey was used. Try again, or choose another way to sign in.',
  AUTH_PASSKEY_UNSUPPORTED: 'This browser cannot use passkeys here. Choose another way to sign in.',
  AUTH_PASSKEY_UNKNOWN: 'This passkey belongs to no account here. Create a passkey instead.',
  AUTH_PASSKEY_OFF: 'Passkey sign-in is not offered here. Choose another way to sign in.',
  FRAME_UNAVAILABLE: 'The Portico wallet could not be reached',
  FRAME_TIMEOUT: 'The Portico wallet did not respond in time',
  FRAME_ABORTED: 'The request was cancelled',
  FRAME_ERROR: 'The Portico wallet could not complete the request',
  ACTION_NOT_ALLOWED: 'Action not allowed',
  UNKNOWN: 'Something went wrong',
} as const satisfies Record<PorticoErrorCode, string>

/** A text per error code, and counted forms for the codes that carry a count. */
export const errorEntries = {
  ...errorTexts,
  AUTH_COOLDOWN_COUNTED: {
    one: 'Please try again after {n} second',
    other: 'Please try again after {n} seconds',
  },
  AUTH_INVALID_OTP_COUNTED: {
    one: 'That code is not right: {n} try left',
    other: 'That code is not right: {n} tries left',
  },
} as const
