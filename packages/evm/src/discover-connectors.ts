import type { Connector } from '@portico/core'
import { buttonText } from '@portico/core/internal'
import { createStore as createProviderStore, type EIP6963ProviderDetail } from 'mipd'

/** Which wallets `watchDiscoveredConnectors` lists (the config fields of the same names). */
export interface DiscoveryOptions {
  /** List the wallets that announce themselves through EIP-6963. */
  enableEIP6963: boolean
  /** List `window.ethereum` when no EIP-6963 announcement is the same provider. */
  enableInjected: boolean
}

export type EthereumProvider = EIP6963ProviderDetail['provider']

/** What discovery found: the connectors to list, and the provider behind each. */
export interface Discovered {
  /** The wallets to list, in announcement order (`window.ethereum` last). */
  connectors: readonly Connector[]
  /** Each connector's EIP-1193 provider, by connector id. */
  providers: ReadonlyMap<string, EthereumProvider>
}

/** The connector id of `window.ethereum` when it announced itself through no EIP-6963 event. */
export const INJECTED_CONNECTOR_ID = 'injected'

function injectedProvider(): EthereumProvider | undefined {
  return typeof window === 'undefined' ? undefined : (window as { ethereum?: EthereumProvider }).ethereum
}

/**
 * Lists the wallets on the page without loading any SDK: every EIP-6963 announcement once, by rdns,
 * plus `window.ethereum` unless it is one of the announced providers (the same wallet twice).
 */
export function watchDiscoveredConnectors(
  options: DiscoveryOptions,
  onChange: (discovered: Discovered) => void,
): () => void {
  const store = options.enableEIP6963 ? createProviderStore() : undefined

  const emit = () => {
    const providers = new Map<string, EthereumProvider>()
    const connectors: Connector[] = []
    for (const { info, provider } of store?.getProviders() ?? []) {
      if (!info.rdns || providers.has(info.rdns)) continue
      providers.set(info.rdns, provider)
      connectors.push({
        id: info.rdns,
        name: info.name,
        type: 'ANNOUNCED',
        namespace: 'eip155',
        imageUrl: info.icon,
        info: { rdns: info.rdns },
        installed: true,
      })
    }
    const injected = options.enableInjected ? injectedProvider() : undefined
    if (injected && ![...providers.values()].includes(injected)) {
      providers.set(INJECTED_CONNECTOR_ID, injected)
      connectors.push({
        id: INJECTED_CONNECTOR_ID,
        name: buttonText('browserWallet'),
        type: 'INJECTED',
        namespace: 'eip155',
        installed: true,
      })
    }
    onChange({ connectors, providers })
  }

  emit()
  const unsubscribe = store?.subscribe(emit)
  return () => {
    unsubscribe?.()
    store?.destroy()
  }
}
