import { UNSUPPORTED_CHAIN_DELAY_MS } from '../config/constants.js'
import type { ModalController } from '../modal/modal-controller.js'
import type { Router } from '../modal/router.js'
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
  /** Records the wallet's chain; an unsupported one opens UnsupportedChain after a short delay. */
  setActiveChain(chainId: ChainId | undefined): void
  /** After a successful switch: back to the view before Networks, or close. */
  onSwitched(): void
  dispose(): void
}

export function createNetworkController(options: {
  networks: readonly Network[]
  defaultChainId: ChainId
  router: Router
  modal: ModalController
}): NetworkController {
  const { router, modal } = options
  const store = createStore<NetworkState>({
    requestedNetworks: options.networks,
    activeChainId: undefined,
    defaultChainId: options.defaultChainId,
  })
  let unsupportedTimer: ReturnType<typeof setTimeout> | undefined

  const getNetwork = (chainId: ChainId) =>
    store.getState().requestedNetworks.find((n) => n.chainId === chainId)
  const isSupported = (chainId: ChainId) => getNetwork(chainId) !== undefined
  const isShowingUnsupported = () =>
    modal.store.getState().open && router.current()?.view === 'UnsupportedChain'

  return {
    store,
    isSupported,
    getNetwork,
    setActiveChain(chainId) {
      clearTimeout(unsupportedTimer)
      store.setState({ activeChainId: chainId })
      if (chainId === undefined) return
      if (!isSupported(chainId)) {
        // The delay lets a wallet that passes through another chain while switching settle first.
        unsupportedTimer = setTimeout(() => {
          if (store.getState().activeChainId === chainId && !isShowingUnsupported()) {
            modal.open({ view: 'UnsupportedChain' })
          }
        }, UNSUPPORTED_CHAIN_DELAY_MS)
      } else if (isShowingUnsupported()) {
        modal.close()
      }
    },
    onSwitched() {
      const index = router.indexOf('Networks')
      if (index > 0) router.goBackToIndex(index - 1)
      else modal.close()
    },
    dispose() {
      clearTimeout(unsupportedTimer)
    },
  }
}
