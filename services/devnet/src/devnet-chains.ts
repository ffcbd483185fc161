/** Chain ids served by default: Ethereum, Optimism, Polygon, Base, Arbitrum One and Sepolia. */
export const DEVNET_CHAIN_IDS = [1, 10, 137, 8453, 42161, 11155111] as const

export type DevnetChainId = (typeof DEVNET_CHAIN_IDS)[number]

export type DevnetChain = {
  chainId: number
  /** JSON-RPC endpoint on the devnet front, e.g. http://127.0.0.1:8545/10. */
  rpcUrl: string
}

export type NativeCurrency = { name: string; symbol: string; decimals: number }

/** The network a devnet chain stands in for: its name and the currency it pays gas in. */
export type DevnetChainProfile = { name: string; nativeCurrency: NativeCurrency }

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

const PROFILES: Readonly<Record<number, DevnetChainProfile>> = {
  1: { name: 'Ethereum', nativeCurrency: ETHER },
  10: { name: 'OP Mainnet', nativeCurrency: ETHER },
  56: { name: 'BNB Smart Chain', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 } },
  100: { name: 'Gnosis', nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 } },
  137: { name: 'Polygon', nativeCurrency: { name: 'Polygon Ecosystem Token', symbol: 'POL', decimals: 18 } },
  8453: { name: 'Base', nativeCurrency: ETHER },
  42161: { name: 'Arbitrum One', nativeCurrency: ETHER },
  43114: { name: 'Avalanche', nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 } },
  11155111: { name: 'Sepolia', nativeCurrency: ETHER },
}

/** The profile of a well-known chain id; any other id is a generic chain paying gas in ether. */
export function devnetChainProfile(chainId: number): DevnetChainProfile {
  return PROFILES[chainId] ?? { name: `Devnet ${chainId}`, nativeCurrency: ETHER }
}
