import type { ChainId, Network, Portico } from '@portico/core'
import type { NetworkState } from '@portico/core/internal'
import type { ChainIdOf, RegisteredPortico } from './register.js'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

/**
 * The current network and the configured ones, as `useNetwork()` returns them; `configuredChainId` is
 * what `switchNetwork` takes (the config's chain ids once registered, see `Register`).
 */
export interface UseNetworkResult<configuredChainId extends ChainId = ChainId> {
  /** The wallet's network when connected, else the dApp's default. Undefined when unsupported. */
  network: Network | undefined
  /** The wallet's chain id when connected, else the config's `defaultChainId`. */
  chainId: ChainId
  /** Whether `chainId` is one of the config's `networks` (false: the wallet is on another chain). */
  isSupported: boolean
  /** The config's `networks`, in their order. */
  networks: readonly Network[]
  /**
   * Asks the wallet to switch to `chainId` (one of `networks`); while disconnected, changes the chain
   * the next connection starts on. Rejects when the wallet refuses.
   */
  switchNetwork(chainId: configuredChainId): Promise<void>
}

const selectNetworkState = (state: NetworkState) => state

/**
 * The network the dApp is on and the networks it supports, with `switchNetwork`, which takes only the
 * configured chain ids once the instance is registered (`Register`) or given: `useNetwork<typeof portico>()`.
 *
 * @example
 * ```tsx
 * const { network, isSupported, switchNetwork } = useNetwork()
 * if (!isSupported) return <button onClick={() => switchNetwork(8453)}>Switch to Base</button>
 * return <span>{network?.name}</span>
 * ```
 */
export function useNetwork<portico extends Portico = RegisteredPortico>(): UseNetworkResult<
  ChainIdOf<portico>
> {
  const portico = usePortico<portico>()
  const { requestedNetworks, activeChainId, defaultChainId } = useStore(
    portico.network.store,
    selectNetworkState,
  )
  const chainId = activeChainId ?? defaultChainId
  const network = requestedNetworks.find((candidate) => candidate.chainId === chainId)
  return {
    network,
    chainId,
    isSupported: network !== undefined,
    networks: requestedNetworks,
    switchNetwork: portico.switchNetwork,
  }
}
