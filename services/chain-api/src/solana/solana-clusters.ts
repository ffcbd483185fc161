import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit'
import type { ManifestSolanaCluster } from './solana-manifest.js'

/** A served cluster with its CAIP-2 id and an RPC client. */
export interface SolanaCluster extends ManifestSolanaCluster {
  /** `solana:` and the first 32 characters of the genesis hash (CAIP-30). */
  caipNetworkId: `solana:${string}`
  /**
   * The history tables key chains by integer. EVM chains use their chain id; a cluster uses a negative
   * number derived from its CAIP-2 id, so the two never meet and the key survives restarts.
   */
  storageChainId: number
  rpc: Rpc<SolanaRpcApi>
}

export function solanaCaipNetworkId(genesisHash: string): `solana:${string}` {
  return `solana:${genesisHash.slice(0, 32)}`
}

/** FNV-1a of the CAIP-2 id, folded into -1 … -2^31. */
export function solanaStorageChainId(caipNetworkId: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < caipNetworkId.length; i++) {
    hash ^= caipNetworkId.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return -(hash % 2 ** 31) - 1
}

/** The served Solana clusters, looked up by CAIP-2 id or by their history-table key. */
export function createSolanaClusters(manifest: readonly ManifestSolanaCluster[]) {
  const clusters = manifest.map((entry): SolanaCluster => {
    const caipNetworkId = solanaCaipNetworkId(entry.genesisHash)
    return {
      ...entry,
      caipNetworkId,
      storageChainId: solanaStorageChainId(caipNetworkId),
      rpc: createSolanaRpc(entry.rpcUrl),
    }
  })
  const byNetworkId = new Map(clusters.map((cluster) => [cluster.caipNetworkId, cluster]))
  if (byNetworkId.size !== clusters.length) throw new RangeError('a Solana cluster is listed twice')
  const byStorageId = new Map(clusters.map((cluster) => [cluster.storageChainId, cluster]))
  if (byStorageId.size !== clusters.length) {
    throw new RangeError('two Solana clusters share a history key; rename one')
  }
  return {
    list: clusters as readonly SolanaCluster[],
    networkIds: clusters.map((cluster) => cluster.caipNetworkId),
    get: (caipNetworkId: string): SolanaCluster | undefined =>
      byNetworkId.get(caipNetworkId as `solana:${string}`),
    byStorageId: (storageChainId: number): SolanaCluster | undefined => byStorageId.get(storageChainId),
  }
}

export type SolanaClusters = ReturnType<typeof createSolanaClusters>
