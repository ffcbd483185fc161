import type { FrameEnv } from '@portico/wire'

/** The three Solana clusters the frame serves (spec §3), by CAIP-2 id (`solana:` + genesis hash prefix). */
export const SOLANA_CLUSTERS = [
  { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', cluster: 'mainnet-beta', name: 'Solana' },
  { chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', cluster: 'devnet', name: 'Solana Devnet' },
  { chainId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', cluster: 'testnet', name: 'Solana Testnet' },
] as const

export type SolanaCluster = (typeof SOLANA_CLUSTERS)[number]

export const solanaClusterOf = (chainId: string): SolanaCluster | undefined =>
  SOLANA_CLUSTERS.find((cluster) => cluster.chainId === chainId)

/** The cluster's JSON-RPC URL from the frame's env; undefined when the frame was given none. */
export function solanaRpcUrlFor(
  env: FrameEnv,
  cluster: SolanaCluster,
  projectId: string,
): string | undefined {
  return env.solanaRpcUrlTemplate
    ?.replaceAll('{cluster}', cluster.cluster)
    .replaceAll('{chainId}', encodeURIComponent(cluster.chainId))
    .replaceAll('{projectId}', encodeURIComponent(projectId))
}
