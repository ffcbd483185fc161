import type { ChainId } from '../../connection/caip.js'

/**
 * Spec §9: the networks swaps are offered on (eip155 chain ids). Apart from the other swap constants: the
 * modal reads it for the Account row, before any swap code loads.
 */
export const SWAP_SUPPORTED_CHAIN_IDS: readonly number[] = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
]

export const isSwapSupportedChain = (chainId: ChainId | undefined): boolean =>
  typeof chainId === 'number' && SWAP_SUPPORTED_CHAIN_IDS.includes(chainId)
