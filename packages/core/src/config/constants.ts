/** Business constants and limits (spec §9). Numbers here are requirements, not tuning knobs. */

export const WALLETS_PAGE_SIZE = 40
export const FEATURED_WALLETS_COUNT = 4
export const RECOMMENDED_WALLETS_COUNT = 4
export const SEARCH_ENTRIES = 100
export const RECENT_WALLETS_KEPT = 2

export const PAIRING_LIFETIME_MS = 4 * 60_000
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
export const PAIRING_RETRY_SPACING_MS = 1_000
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
export const SEARCH_MIN_WAIT_MS = 300
export const UNSUPPORTED_CHAIN_DELAY_MS = 300
export const SHAKE_DURATION_MS = 500

export const BALANCE_DECIMALS = 3

export const SOCIAL_PROVIDERS = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
  'farcaster',
] as const
/** The frame's own social login list: farcaster has a flow of its own. */
export const FRAME_SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

export const RPC_TIMEOUT_MS = 10_000
export const RECEIPT_WAIT_MS = 25_000

export const EMAIL_LOGIN_COOLDOWN_SECONDS = 30

export const SDK_VERSION = '0.1.0'
export const SDK_TYPE = 'portico'

export const DEFAULTS = {
  enableSwaps: true,
  enableOnramp: true,
  enableAnalytics: true,
  allWallets: 'SHOW',
  enableEIP6963: false,
  enableEmail: true,
  enablePasskey: true,
  enableWallets: true,
  enableWalletFeatures: true,
  themeMode: 'dark',
  defaultChainId: 1,
} as const
