import type { ChainId, Network, NetworkState } from '@portico/core'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

export interface UseNetworkResult {
  /** The wallet's network when connected, else the dApp's default. Undefined when unsupported. */
  network: Network | undefined
  chainId: ChainId
  isSupported: boolean
  networks: readonly Network[]
  switchNetwork(chainId: ChainId): Promise<void>
}

const selectNetworkState = (state: NetworkState) => state

export function useNetwork(): UseNetworkResult {
  const portico = usePortico()
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
