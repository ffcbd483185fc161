/**
 * The three local Solana clusters. Each answers `getGenesisHash` with the real cluster's genesis hash, so
 * CAIP-2 ids (`solana:` + the hash's first 32 characters) and wallet-standard chains map the same way
 * locally and against the public clusters.
 */
export const SOLANA_CLUSTERS = [
  {
    name: 'mainnet-beta',
    genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
    caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    walletStandardChain: 'solana:mainnet',
  },
  {
    name: 'devnet',
    genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
    caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    walletStandardChain: 'solana:devnet',
  },
  {
    name: 'testnet',
    genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
    caip2: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    walletStandardChain: 'solana:testnet',
  },
] as const

export type SolanaCluster = (typeof SOLANA_CLUSTERS)[number]
export type SolanaClusterName = SolanaCluster['name']

export const SOLANA_CLUSTER_NAMES: readonly SolanaClusterName[] = SOLANA_CLUSTERS.map((c) => c.name)

/** The cluster by name, CAIP-2 id or wallet-standard chain; undefined for anything else. */
export function solanaCluster(id: string): SolanaCluster | undefined {
  return SOLANA_CLUSTERS.find(
    (cluster) => cluster.name === id || cluster.caip2 === id || cluster.walletStandardChain === id,
  )
}

/**
 * The URLs of one cluster on a running Solana devnet whose base is e.g. `http://127.0.0.1:8899`:
 * JSON-RPC at `<base>/<cluster>`, WebSocket subscriptions on the same server and path (`ws://…/<cluster>`).
 */
export function solanaClusterUrls(
  baseUrl: string,
  cluster: SolanaClusterName,
): { rpcUrl: string; wsUrl: string } {
  const rpcUrl = `${baseUrl.replace(/\/+$/, '')}/${cluster}`
  return { rpcUrl, wsUrl: rpcUrl.replace(/^http/, 'ws') }
}
