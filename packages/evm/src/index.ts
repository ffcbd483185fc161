export {
  type Discovered,
  type DiscoveryOptions,
  INJECTED_CONNECTOR_ID,
  watchDiscoveredConnectors,
} from './discover-connectors.js'
export { type EvmAdapterOptions, evm } from './evm.js'
export { WALLET_CONNECT_CONNECTOR_ID, walletConnectConnector } from './pairing-connector.js'
export type { ProvidedWallet } from './provided-wallets/provided-wallet.js'
export { providedWallets, type WatchWallets } from './provided-wallets/provided-wallets.js'
export { MULTICALL3_ADDRESS } from './to-viem-chain.js'
export { type PorticoConnectorParameters, portico } from './wagmi/portico-connector.js'
export { type PorticoWagmiConfigParameters, porticoWagmiConfig } from './wagmi/portico-wagmi-config.js'
