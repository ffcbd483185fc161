export { evm } from './evm.js'
export { type Discovered, type DiscoveryOptions, INJECTED_CONNECTOR_ID, watchDiscoveredConnectors } from './discover-connectors.js'
