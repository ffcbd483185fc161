/** Spec §9: the networks swaps are offered on (eip155 ids); a chain is swapped on only if also served with Uniswap V2. */
export const SWAP_SUPPORTED_CHAIN_IDS: readonly number[] = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
]

/** Spec §9: slippage when the request names none, in percent. */
export const SWAP_DEFAULT_SLIPPAGE_PERCENT = 1

/** Spec §9: the provider fee, a share of the amount in; the fee router takes exactly this (8,500 millionths). */
export const SWAP_PROVIDER_FEE = 0.0085
export const SWAP_PROVIDER_FEE_MILLIONTHS = 8_500n

/** Spec §9: the gas limit assumed for estimates, used when the node cannot estimate a transaction. */
export const SWAP_ESTIMATE_GAS_LIMIT = 150_000n

/**
 * The gas limit of a swap built unestimated (`disableEstimate`, to follow an approval in one batch): a
 * two-hop swap through the fee router uses about 190,000, so the spec's 150,000 would run out.
 */
export const SWAP_UNESTIMATED_GAS_LIMIT = 300_000n

/** How long a built swap stays valid on chain (the router's deadline), in seconds. */
export const SWAP_DEADLINE_SECONDS = 20 * 60

/** Highest slippage a request may ask for, in percent. */
export const SWAP_MAX_SLIPPAGE_PERCENT = 50
