import type { CaipNetworkId, ChainId, ChainNamespace } from './caip.js'

/** Networks Portico knows by chain id. A dApp picks from these; an unknown id is a config error. */
export interface Network {
  /** The CAIP-2 namespace: `eip155` (EVM, spec §3 chain `evm`) or `solana`. */
  namespace: ChainNamespace
  /** EVM: the number; Solana: the CAIP-2 reference (the genesis hash's first 32 characters). */
  chainId: ChainId
  /** CAIP-2 id, e.g. `eip155:1`. */
  caipNetworkId: CaipNetworkId
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrl: string
  /** Id of the network's image in the explorer service (`/public/getAssetImage/{imageId}`). */
  imageId: string
  testnet: boolean
}

function network(
  chainId: number,
  name: string,
  symbol: string,
  blockExplorerUrl: string,
  testnet = false,
): Network {
  return {
    namespace: 'eip155',
    chainId,
    caipNetworkId: `eip155:${chainId}`,
    name,
    nativeCurrency: { name: symbol === 'ETH' ? 'Ether' : symbol, symbol, decimals: 18 },
    blockExplorerUrl,
    imageId: `eip155:${chainId}`,
    testnet,
  }
}

export const knownNetworks: readonly Network[] = [
  network(1, 'Ethereum', 'ETH', 'https://etherscan.io'),
  network(10, 'OP Mainnet', 'ETH', 'https://optimistic.etherscan.io'),
  network(56, 'BNB Smart Chain', 'BNB', 'https://bscscan.com'),
  network(100, 'Gnosis', 'XDAI', 'https://gnosisscan.io'),
  network(137, 'Polygon', 'POL', 'https://polygonscan.com'),
  network(324, 'ZKsync Era', 'ETH', 'https://explorer.zksync.io'),
  network(8453, 'Base', 'ETH', 'https://basescan.org'),
  network(42161, 'Arbitrum One', 'ETH', 'https://arbiscan.io'),
  network(43114, 'Avalanche', 'AVAX', 'https://snowtrace.io'),
  network(11155111, 'Sepolia', 'ETH', 'https://sepolia.etherscan.io', true),
]

/** A Solana cluster by its CAIP-2 reference; wallets and the devnet name it `cluster`. */
function solanaCluster(
  reference: string,
  name: string,
  blockExplorerCluster: string,
  testnet: boolean,
): Network {
  return {
    namespace: 'solana',
    chainId: reference,
    caipNetworkId: `solana:${reference}`,
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    blockExplorerUrl: `https://explorer.solana.com${blockExplorerCluster}`,
    imageId: `solana:${reference}`,
    testnet,
  }
}

/** The three Solana clusters (spec §3), by the CAIP-2 ids wallets and the chain API use. */
export const solanaNetworks: readonly Network[] = [
  solanaCluster('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', '', false),
  solanaCluster('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', '?cluster=devnet', true),
  solanaCluster('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet', '?cluster=testnet', true),
]

/** The devnet's name for a Solana cluster (`<solanaDevnetUrl>/<cluster>` serves it). */
export const SOLANA_CLUSTER_NAMES: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'mainnet-beta',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet',
}

/** A known network by chain id: an EVM chain's number, or a Solana cluster's reference or CAIP-2 id. */
export function getKnownNetwork(chainId: ChainId): Network | undefined {
  if (typeof chainId === 'number') return knownNetworks.find((candidate) => candidate.chainId === chainId)
  return solanaNetworks.find(
    (candidate) => candidate.chainId === chainId || candidate.caipNetworkId === chainId,
  )
}
