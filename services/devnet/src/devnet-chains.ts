/** Chain ids served by default: Ethereum, Optimism, Polygon, Base, Arbitrum One and Sepolia. */
export const DEVNET_CHAIN_IDS = [1, 10, 137, 8453, 42161, 11155111] as const

export type DevnetChainId = (typeof DEVNET_CHAIN_IDS)[number]

export type DevnetChain = {
  chainId: number
  /** JSON-RPC endpoint on the devnet front, e.g. http://127.0.0.1:8545/10. */
  rpcUrl: string
}
