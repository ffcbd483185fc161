// Public API of @portico/wallet. Importing it touches no browser globals (safe in Node and e2e runners).
export {
  announceProvider,
  installAsWindowEthereum,
  type ProviderDetail,
  type ProviderInfo,
} from './announce.js'
export { type ApprovalPrompt, createApprovalPrompt, PROMPT_HOST_ID, PROMPT_LABEL } from './approval-prompt.js'
export type {
  AddChainApprovalRequest,
  ApprovalRequest,
  ApproveFunction,
  ConnectApprovalRequest,
  SendTransactionApprovalRequest,
  SignMessageApprovalRequest,
  SignTypedDataApprovalRequest,
} from './approval-request.js'
export { DEFAULT_WALLET_CHAINS, type WalletChain } from './chains.js'
export { type ApprovalDescription, describeApprovalRequest } from './describe-approval-request.js'
export type { FaultMode, SetFaultOptions } from './fault-mode.js'
export {
  DEFAULT_RPC_BASE,
  DEFAULT_SOLANA_RPC_BASE,
  type InjectConfig,
  type InjectConfigInput,
  resolveInjectConfig,
} from './inject-config.js'
export { injectScriptPath } from './inject-script-path.js'
export type { ProviderEventMap, ProviderEventName, ProviderListener } from './provider-events.js'
export { ProviderErrorCode, ProviderRpcError } from './provider-rpc-error.js'
export {
  createSolanaTestWallet,
  registerSolanaTestWallet,
  SOLANA_TEST_WALLET_CHAINS,
  type SolanaApprovalRequest,
  type SolanaTestWalletOptions,
} from './solana/index.js'
export { createMemoryStorage, type StorageLike } from './storage-like.js'
export { TEST_MNEMONIC, testWalletAddress } from './test-wallet-account.js'
export type { TestWalletHandle } from './test-wallet-handle.js'
export {
  createTestWalletProvider,
  type RequestArguments,
  type TestWalletProvider,
  type TestWalletProviderOptions,
} from './test-wallet-provider.js'
export { BADGE_HOST_ID, installWalletBadge, type WalletBadge } from './wallet-badge.js'
export { TEST_WALLET_ICON } from './wallet-icon.js'
export { TEST_WALLET_INFO } from './wallet-info.js'
