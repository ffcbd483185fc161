import type { Connector } from '@portico/core'
import { buttonText } from '@portico/core/internal'
import type { EIP6963AnnounceProviderEvent, EIP6963ProviderDetail } from 'mipd'

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
 * plus `window.ethereum` unless it is one of the announced providers (the same wallet twice). The
 * announcements are read by hand (mipd's store weighs 0.2 KB gzip on the first paint for them);
 * discover-connectors.test.ts holds them to mipd's wallet side.
 */
export function watchDiscoveredConnectors(
  options: DiscoveryOptions,
  onChange: (discovered: Discovered) => void,
): () => void {
  // Wallets answer every request again (wagmi's own store asks too): the first per rdns is kept.
  const announced = new Map<string, EIP6963ProviderDetail>()
  const emit = () => {
    const providers = new Map<string, EthereumProvider>()
    const connectors: Connector[] = []
    for (const { info, provider } of announced.values()) {
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
  // The wallets already on the page answer the request at once: they are listed in the first report.
  let reporting = false
  const onAnnounce = (event: Event) => {
    const detail = (event as EIP6963AnnounceProviderEvent).detail
    if (!detail.info.rdns || announced.has(detail.info.rdns)) return
    announced.set(detail.info.rdns, detail)
    if (reporting) emit()
  }
  const listening = options.enableEIP6963 && typeof window !== 'undefined'
  if (listening) {
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  }
  reporting = true
  emit()
  return () => {
    if (listening) window.removeEventListener('eip6963:announceProvider', onAnnounce)
  }
}
