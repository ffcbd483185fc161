import { InvalidParameterError } from '../chain-api-errors.js'
import { createSolanaBalanceReader, type SolanaBalanceReader } from './get-solana-balances.js'
import { createSolanaFeeReader, type SolanaFeeReader } from './get-solana-fee.js'
import type { SolanaCluster, SolanaClusters } from './solana-clusters.js'

/** What the routes need to answer for Solana addresses and clusters. */
export interface SolanaApi {
  clusters: SolanaClusters
  balances: SolanaBalanceReader
  fee: SolanaFeeReader
  /** The served cluster of a CAIP-2 id; a 400 naming the served ones otherwise. */
  served(caipNetworkId: string, parameter?: string): SolanaCluster
}

export function createSolanaApi(
  clusters: SolanaClusters,
  options: { explorerUrl: string; cacheTtlMs?: number; forceUpdateIntervalMs?: number; now?: () => number },
): SolanaApi {
  return {
    clusters,
    balances: createSolanaBalanceReader({ clusters, ...options }),
    fee: createSolanaFeeReader(),
    served(caipNetworkId, parameter = 'chainId') {
      const cluster = clusters.get(caipNetworkId)
      if (cluster) return cluster
      const list = clusters.networkIds.join(', ') || 'none'
      throw new InvalidParameterError(
        parameter,
        `${caipNetworkId} is not served here (Solana clusters served: ${list})`,
      )
    },
  }
}
