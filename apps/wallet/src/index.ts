// Public API of @portico/wallet. Importing it touches no browser globals (safe in Node and e2e runners).
export { announceProvider, installAsWindowEthereum, type ProviderDetail, type ProviderInfo } from './announce'
export { type ApprovalPrompt, createApprovalPrompt, PROMPT_HOST_ID, PROMPT_LABEL } from './approval-prompt'
export type {
  AddChainApprovalRequest,
  ApprovalRequest,
  ApproveFunction,
  ConnectApprovalRequest,
  SendTransactionApprovalRequest,
  SignMessageApprovalRequest,
  SignTypedDataApprovalRequest,
} from './approval-request'
export { DEFAULT_WALLET_CHAINS, type WalletChain } from './chains'
export { type ApprovalDescription, describeApprovalRequest } from './describe-approval-request'
export type { FaultMode, SetFaultOptions } from './fault-mode'
export {
  DEFAULT_RPC_BASE,
  type InjectConfig,
  type InjectConfigInput,
  resolveInjectConfig,
} from './inject-config'
export { injectScriptPath } from './inject-script-path'
export type { ProviderEventMap, ProviderEventName, ProviderListener } from './provider-events'
export { ProviderErrorCode, ProviderRpcError } from './provider-rpc-error'
export { createMemoryStorage, type StorageLike } from './storage-like'
export { TEST_MNEMONIC, testWalletAddress } from './test-wallet-account'
export type { TestWalletHandle } from './test-wallet-handle'
export {
  createTestWalletProvider,
  type RequestArguments,
  type TestWalletProvider,
  type TestWalletProviderOptions,
} from './test-wallet-provider'
export { BADGE_HOST_ID, installWalletBadge, type WalletBadge } from './wallet-badge'
export { TEST_WALLET_ICON } from './wallet-icon'
export { TEST_WALLET_INFO } from './wallet-info'
