export {
  type Discovered,
  type DiscoveryOptions,
  INJECTED_CONNECTOR_ID,
  watchDiscoveredConnectors,
} from './discover-connectors.js'
export { evm } from './evm.js'
