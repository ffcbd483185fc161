import type { PorticoConfig } from '../config/config.js'
import type { Network } from '../connection/networks.js'

/**
 * The block explorer to link an address or transaction to on `network`, or undefined when the chain has
 * none: the config's `blockExplorerUrls` entry by CAIP-2 id (`solana:5eyk…`, `eip155:1`) or EVM chain id
 * (`false` for none), else, for a chain with its own RPC URL, the network's public explorer. A chain on
 * the devnet (no `rpcUrls` entry, or a Solana cluster its adapter serves from the local clusters) has
 * none: its accounts and transactions exist only there, so a public explorer's page would be a dead
 * link. Read by the views that link out, not by the first paint.
 */
export function blockExplorerUrl(
  config: Pick<PorticoConfig, 'rpcUrls' | 'blockExplorerUrls' | 'adapters'>,
  network: Pick<Network, 'chainId' | 'caipNetworkId' | 'namespace' | 'blockExplorerUrl'>,
): string | undefined {
  const configured =
    config.blockExplorerUrls[network.caipNetworkId] ??
    (typeof network.chainId === 'number' ? config.blockExplorerUrls[String(network.chainId)] : undefined)
  if (configured !== undefined) return configured === false ? undefined : configured.replace(/\/$/, '')
  const ownRpc =
    typeof network.chainId === 'number'
      ? Boolean(config.rpcUrls[String(network.chainId)])
      : (config.adapters
          .find((adapter) => adapter.namespace === network.namespace)
          ?.hasOwnRpcUrl?.(network) ?? false)
  return ownRpc ? network.blockExplorerUrl : undefined
}

/**
 * The explorer's page of an address or a transaction: `/address/<id>` or `/tx/<id>` under the explorer's
 * URL, keeping its query (Solana's explorer names the cluster as `?cluster=devnet`).
 */
export function blockExplorerLink(explorer: string, kind: 'address' | 'tx', id: string): string {
  const url = new URL(explorer)
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${kind}/${encodeURIComponent(id)}`
  return url.toString()
}
