/** Swap business constants (spec §9). Numbers here are requirements, not tuning knobs. */

/** Slippage the swap accepts, in percent. */
export const SWAP_SLIPPAGE_PERCENT = 1
/** The provider's share of the amount in. */
export const SWAP_PROVIDER_FEE_RATE = 0.0085
/** The gas limit assumed for a swap's fee before its transaction is built. */
export const SWAP_ESTIMATE_GAS_LIMIT = 150_000n
/** The default debounce: a quote follows the typed amount this long after the last key. */
export const SWAP_QUOTE_DEBOUNCE_MS = 500
/**
 * The least time the "Swapping X to Y" toast shows before "Swapped" replaces it: on a fast chain the block
 * comes in the same frame as the send, and the visitor would never see that the swap was under way.
 */
export const SWAPPING_TOAST_MIN_MS = 1_000
/** Fraction digits of the target amount in the form, and of amounts in messages. */
export const SWAP_TARGET_DECIMALS = 6
export const SWAP_MESSAGE_DECIMALS = 3

/** How the Blockchain API names a network's native token in CAIP-10 ids. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Symbols the token picker offers as one-tap chips, and lists first among the others (in this order). */
export const SUGGESTED_TOKEN_SYMBOLS: readonly string[] = ['ETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'UNI', 'POL']
export const POPULAR_TOKEN_SYMBOLS: readonly string[] = [
  'ETH',
  'USDC',
  'USDT',
  'WBTC',
  'DAI',
  'UNI',
  'LINK',
  'AAVE',
  'POL',
  'ARB',
  'OP',
  'BNB',
  'AVAX',
]
