import type { ChainId } from '../connection/caip.js'
import type { Network } from '../connection/networks.js'

/** One entry of a config's `networks`: an EVM chain id, or another namespace's network object. */
export type NetworkInput = number | Network

/**
 * The chain ids a config's `networks` list: literal types when the list was written out
 * (`[1, 8453]` gives `1 | 8453`, as `createPortico` infers it), else `ChainId`.
 */
export type ConfiguredChainId<networks extends readonly NetworkInput[]> = networks[number] extends infer entry
  ? entry extends number
    ? entry
    : entry extends { chainId: infer id extends ChainId }
      ? id
      : never
  : never
