import type { CaipNetworkId } from './caip.js'

/** Networks Portico knows by chain id. A dApp picks from these; an unknown id is a config error. */
export interface Network {
  chainId: number
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

export function getKnownNetwork(chainId: number): Network | undefined {
  return knownNetworks.find((candidate) => candidate.chainId === chainId)
}
