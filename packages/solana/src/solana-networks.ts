import type { Network } from '@portico/core'

/** A Solana cluster by its CAIP-2 reference and the name the devnet and explorers give it. */
function solanaCluster(reference: string, cluster: string): Network {
  const mainnet = cluster === 'mainnet-beta'
  return {
    namespace: 'solana',
    chainId: reference,
    caipNetworkId: `solana:${reference}`,
    name: mainnet ? 'Solana' : `Solana ${cluster[0]?.toUpperCase()}${cluster.slice(1)}`,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    blockExplorerUrl: `https://explorer.solana.com${mainnet ? '' : `?cluster=${cluster}`}`,
    imageId: `solana:${reference}`,
    testnet: !mainnet,
    cluster,
  }
}

/** The three Solana clusters (spec §3), by the CAIP-2 ids wallets and the chain API use. */
export const solanaNetworks: readonly Network[] = [
  solanaCluster('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'mainnet-beta'),
  solanaCluster('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'devnet'),
  solanaCluster('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'testnet'),
]

const [mainnet, devnet, testnet] = solanaNetworks as [Network, Network, Network]

/** A cluster whose chain id is known by type, so a config listing it narrows `switchNetwork` to it. */
type Cluster<reference extends string> = Network & { chainId: reference }

/** Solana mainnet-beta, for `createPortico({ networks: [1, solanaMainnet] })`. */
export const solanaMainnet = mainnet as Cluster<'5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'>
/** Solana devnet, for `createPortico({ networks: [1, solanaDevnet] })`. */
export const solanaDevnet = devnet as Cluster<'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'>
/** Solana testnet, for `createPortico({ networks: [1, solanaTestnet] })`. */
export const solanaTestnet = testnet as Cluster<'4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'>
