export {
  type Discovered,
  type DiscoveryOptions,
  INJECTED_CONNECTOR_ID,
  watchDiscoveredConnectors,
} from './discover-connectors.js'
export { evm } from './evm.js'
export { WALLET_CONNECT_CONNECTOR_ID, walletConnectConnector } from './pairing-connector.js'
export { MULTICALL3_ADDRESS } from './to-viem-chain.js'
export { type PorticoConnectorParameters, portico } from './wagmi/portico-connector.js'
export { type PorticoWagmiConfigParameters, porticoWagmiConfig } from './wagmi/portico-wagmi-config.js'
