import { createStore, type Store } from '../store.js'
import type { ChainId } from './caip.js'
import type { Network } from './networks.js'

export interface NetworkState {
  /** The dApp's requested networks, in its order. */
  requestedNetworks: readonly Network[]
  /** The chain the wallet is on, when connected. */
  activeChainId: ChainId | undefined
  /** The network to show while disconnected (the dApp's default). */
  defaultChainId: ChainId
}

export interface NetworkController {
  store: Store<NetworkState>
  isSupported(chainId: ChainId): boolean
  getNetwork(chainId: ChainId): Network | undefined
  /** Records the wallet's chain (the modal's flow opens UnsupportedChain for one not configured). */
  setActiveChain(chainId: ChainId | undefined): void
}

export function createNetworkController(options: {
  networks: readonly Network[]
  defaultChainId: ChainId
}): NetworkController {
  const store = createStore<NetworkState>({
    requestedNetworks: options.networks,
    activeChainId: undefined,
    defaultChainId: options.defaultChainId,
  })
  const getNetwork = (chainId: ChainId) =>
    store.getState().requestedNetworks.find((n) => n.chainId === chainId)
  return {
    store,
    isSupported: (chainId) => getNetwork(chainId) !== undefined,
    getNetwork,
    setActiveChain: (chainId) => store.setState({ activeChainId: chainId }),
  }
}
