// Browser-safe part of the Solana devnet (`@portico/devnet/solana`): the clusters, dev keys and USDC mint.
export {
  SOLANA_CLUSTER_NAMES,
  SOLANA_CLUSTERS,
  type SolanaCluster,
  type SolanaClusterName,
  solanaCluster,
  solanaClusterUrls,
} from './clusters.js'
export {
  SOLANA_DEV_ADDRESSES,
  SOLANA_DEV_KEY_BALANCE_SOL,
  SOLANA_DEV_KEY_BALANCE_USDC,
  SOLANA_DEV_KEY_COUNT,
  SOLANA_MINT_AUTHORITY_INDEX,
  solanaDevKeySeed,
  solanaDevSigner,
} from './dev-keys.js'
export { SOLANA_USDC, type SolanaDevToken } from './usdc.js'
