export {
  ACCOUNT_ABSTRACTION_CONTRACTS,
  type DevnetAccountAbstraction,
  ENTRY_POINT_07_ADDRESS,
  ENTRY_POINT_08_ADDRESS,
  SIMPLE_7702_ACCOUNT_ADDRESS,
  SMART_ACCOUNT_FACTORY_ADDRESS,
  VERIFYING_PAYMASTER_ADDRESS,
} from './account-abstraction-contracts.js'
export { resolveAnvilBinary } from './anvil-binary.js'
export {
  DEPLOYER_ACCOUNT_INDEX,
  DEPLOYER_ADDRESS,
  DEV_ACCOUNT_BALANCE_ETH,
  DEV_ACCOUNT_COUNT,
  DEV_ACCOUNTS,
  DEV_MNEMONIC,
  devAccount,
} from './dev-accounts.js'
export { devTokenArtifact } from './dev-token-artifact.js'
export { DEV_TOKENS, type DevnetToken, type DevTokenSymbol, devToken } from './dev-tokens.js'
export {
  DEVNET_CHAIN_IDS,
  type DevnetChain,
  type DevnetChainId,
  type NativeCurrency,
} from './devnet-chains.js'
export { DevnetError, type DevnetErrorCode } from './devnet-error.js'
export { DEVNET_MANIFEST_FILE, type DevnetManifest, type DevnetManifestChain } from './devnet-manifest.js'
export type { DevnetOptions } from './devnet-options.js'
export { MULTICALL3_ADDRESS } from './multicall3.js'
export {
  BUNDLER_EXECUTOR_ADDRESS,
  DEVNET_SERVICE_ACCOUNT_INDEX,
  type DevnetServiceAccount,
  devnetServiceKey,
  PAYMASTER_SIGNER_ADDRESS,
} from './service-accounts.js'
export { smartAccountFactoryArtifact } from './smart-account-factory-artifact.js'
export { SOLANA_DEV_SOL_USD_PRICE, solanaChainApiManifest } from './solana/chain-api-manifest.js'
export {
  SOLANA_CLUSTER_NAMES,
  SOLANA_CLUSTERS,
  SOLANA_DEV_ADDRESSES,
  SOLANA_DEV_KEY_BALANCE_SOL,
  SOLANA_DEV_KEY_BALANCE_USDC,
  SOLANA_DEV_KEY_COUNT,
  SOLANA_MINT_AUTHORITY_INDEX,
  SOLANA_USDC,
  type SolanaCluster,
  type SolanaClusterName,
  type SolanaDevToken,
  solanaCluster,
  solanaClusterUrls,
  solanaDevKeySeed,
  solanaDevSigner,
} from './solana/index.js'
export type { SolanaDevnetOptions } from './solana/solana-devnet-options.js'
export {
  type SolanaDevnet,
  type SolanaDevnetCluster,
  startSolanaDevnet,
} from './solana/start-solana-devnet.js'
export { type Devnet, startDevnet } from './start-devnet.js'
export { type DevnetSwapContracts, SWAP_CONTRACTS, SWAP_PROVIDER_FEE } from './swap-contracts.js'
export { swapFeeRouterArtifact } from './swap-fee-router-artifact.js'
export { verifyingPaymasterArtifact } from './verifying-paymaster-artifact.js'
