import type { PorticoConfig } from './config.js'
import type { Network } from './networks.js'

/**
 * The block explorer to link an address or transaction to on `network`, or undefined when the chain has
 * none: the config's `blockExplorerUrls` entry (`false` for none), else, for a chain with its own RPC
 * URL, the network's public explorer. A chain on the devnet (no `rpcUrls` entry) has none: its accounts
 * and transactions exist only there, so a public explorer's page would be a dead link. Read by the views
 * that link out, not by the first paint.
 */
export function blockExplorerUrl(
  config: Pick<PorticoConfig, 'rpcUrls' | 'blockExplorerUrls'>,
  network: Pick<Network, 'chainId' | 'blockExplorerUrl'>,
): string | undefined {
  const configured = config.blockExplorerUrls[String(network.chainId)]
  if (configured !== undefined) return configured === false ? undefined : configured.replace(/\/$/, '')
  return config.rpcUrls[String(network.chainId)] ? network.blockExplorerUrl : undefined
}
