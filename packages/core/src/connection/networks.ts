import type { CaipNetworkId, ChainId, ChainNamespace } from './caip.js'

/** Networks Portico knows by chain id. A dApp picks from these; an unknown id is a config error. */
export interface Network {
  /** The CAIP-2 namespace: `eip155` (EVM, spec §3 chain `evm`) or `solana`. */
  namespace: ChainNamespace
  /** EVM: the number; Solana: the CAIP-2 reference (the genesis hash's first 32 characters). */
  chainId: ChainId
  /** CAIP-2 id, e.g. `eip155:1`. */
  caipNetworkId: CaipNetworkId
  /** The network's display name, e.g. `Base`. */
  name: string
  /** The network token (ETH, SOL…). */
  nativeCurrency: {
    /** Its name, e.g. `Ether`. */
    name: string
    /** Its symbol, e.g. `ETH`. */
    symbol: string
    /** Its decimals, e.g. 18. */
    decimals: number
  }
  /** The network's public block explorer. */
  blockExplorerUrl: string
  /** Id of the network's image in the explorer service (`/public/getAssetImage/{imageId}`). */
  imageId: string
  /** Whether it is a test network. */
  testnet: boolean
  /** Solana: the cluster's name (`devnet`…); the local Solana devnet serves it at `<devnetUrl>/<cluster>`. */
  cluster?: string | undefined
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

/** The EVM networks a config may name by chain id alone (`networks: [1, 8453]`). */
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

/** A known EVM network by chain id (Solana clusters come as Network objects from `@portico/solana`). */
export function getKnownNetwork(chainId: ChainId): Network | undefined {
  return knownNetworks.find((candidate) => candidate.chainId === chainId)
}

/** A network given as an object (a Solana cluster from its adapter's package) rather than a chain id. */
export const isNetworkObject = (value: unknown): value is Network =>
  typeof (value as Network | undefined)?.caipNetworkId === 'string' &&
  typeof (value as Network).namespace === 'string'
