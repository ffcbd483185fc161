export { isSolanaWallet, type SolanaWalletEntry, watchSolanaWallets } from './discover-solana-wallets.js'
export { type SolanaSendOptions, sendOptionsSchema } from './send-options.js'
export {
  DEFAULT_SOLANA_DEVNET_URL,
  isSolanaAccountAddress,
  type SolanaAdapterOptions,
  solana,
} from './solana.js'
export {
  caipNetworkIdOf,
  isSolanaAddress,
  SOLANA_CHAINS,
  type SolanaCaipNetworkId,
  type SolanaWalletStandardChain,
  walletStandardChainOf,
} from './solana-chains.js'
export { solanaDevnet, solanaMainnet, solanaNetworks, solanaTestnet } from './solana-networks.js'
export {
  createSolanaWalletSession,
  SolanaWalletError,
  type SolanaWalletSession,
} from './solana-wallet-session.js'
export { type TransferRequest, transferTransaction } from './transfer-transaction.js'
