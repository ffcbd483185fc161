// The test wallet's Solana half alone (`@portico/wallet/solana`), for pages that bundle it themselves.
export { registerSolanaTestWallet } from './register-solana-test-wallet.js'
export type { SolanaApprovalRequest } from './solana-approval-request.js'
export {
  createSolanaTestWallet,
  SOLANA_TEST_WALLET_CHAINS,
  type SolanaTestWalletOptions,
} from './solana-test-wallet.js'
