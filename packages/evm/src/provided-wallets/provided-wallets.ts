import { type Discovered, type DiscoveryOptions, watchDiscoveredConnectors } from '../discover-connectors.js'
import { checkProvidedWallets } from './check-provided-wallets.js'
import { type ProvidedWallet, withProvidedWallets } from './provided-wallet.js'

/** How `evm()` finds the wallets it lists: discovery by default, or `providedWallets(…)`. */
export type WatchWallets = typeof watchDiscoveredConnectors

/**
 * The dApp's own EIP-1193 wallets for `evm({ wallets: providedWallets([…]) })`, listed first on Connect
 * beside what discovery finds (see ProvidedWallet). A function of its own, so a dApp without any carries
 * none of its code. Checks the list at once: the first problem throws a ConfigError naming the field.
 */
export function providedWallets(wallets: readonly ProvidedWallet[]): WatchWallets {
  checkProvidedWallets(wallets)
  return (options: DiscoveryOptions, onChange: (discovered: Discovered) => void) =>
    watchDiscoveredConnectors(options, (found) => onChange(withProvidedWallets(wallets, found)))
}
