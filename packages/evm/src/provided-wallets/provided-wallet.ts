import type { Connector } from '@portico/core'
import type { Discovered, EthereumProvider } from '../discover-connectors.js'

/**
 * A wallet the dApp hands to `evm({ wallets: providedWallets([…]) })`: an EIP-1193 provider of its own (an in-page wallet, a
 * Safe app frame's provider), listed on Connect like an injected wallet (wagmi's `injected({ target })`).
 */
export interface ProvidedWallet {
  /** The connector id, remembered with the connection: a returning visitor reconnects by it. */
  id: string
  /** The name the Connect view shows. */
  name: string
  /** The wallet's icon: a `data:image/…` URI or an http(s) URL. */
  icon?: string | undefined
  /**
   * The provider, or a function that returns it where it is present (inside a Safe, for a Safe app):
   * undefined leaves the wallet off the list, and a remembered connection with it is forgotten.
   */
  provider: EthereumProvider | (() => EthereumProvider | undefined)
}

const present = (wallet: ProvidedWallet) =>
  typeof wallet.provider === 'function' ? wallet.provider() : wallet.provider

/**
 * The dApp's own wallets first (where present), then what discovery found, less any discovered wallet
 * that is one of them (the same provider announced by EIP-6963 or set as `window.ethereum`).
 */
export function withProvidedWallets(wallets: readonly ProvidedWallet[], discovered: Discovered): Discovered {
  const providers = new Map<string, EthereumProvider>()
  const connectors: Connector[] = []
  for (const wallet of wallets) {
    const provider = present(wallet)
    if (!provider) continue
    providers.set(wallet.id, provider)
    // INJECTED: it connects as any page wallet does, with its own prompt (the flow's built-in kind).
    connectors.push({
      id: wallet.id,
      name: wallet.name,
      type: 'INJECTED',
      namespace: 'eip155',
      imageUrl: wallet.icon,
      installed: true,
    })
  }
  const own = new Set(providers.values())
  for (const connector of discovered.connectors) {
    const provider = discovered.providers.get(connector.id)
    if (!provider || own.has(provider)) continue
    providers.set(connector.id, provider)
    connectors.push(connector)
  }
  return { connectors, providers }
}
