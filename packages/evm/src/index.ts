export {
  type Discovered,
  type DiscoveryOptions,
  INJECTED_CONNECTOR_ID,
  watchDiscoveredConnectors,
} from './discover-connectors.js'
export { evm } from './evm.js'
export { WALLET_CONNECT_CONNECTOR_ID, walletConnectConnector } from './pairing-connector.js'
