import { UNSUPPORTED_CHAIN_DELAY_MS } from '../config/constants.js'
import type { NetworkController } from '../connection/network-controller.js'
import type { ModalController } from '../modal/modal-controller.js'
import type { Router } from '../modal/router.js'

/**
 * Opens UnsupportedChain when the wallet stays on a network the dApp did not configure, and closes it
 * once the wallet is back on one. On the first paint: a returning visitor's wallet may sit there.
 */
export function watchUnsupportedChain({
  network,
  router,
  modal,
}: {
  network: NetworkController
  router: Router
  modal: ModalController
}): { dispose(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  const isShowing = () => modal.store.getState().open && router.current()?.view === 'UnsupportedChain'
  // Every report of the wallet's chain counts, the same chain again included: the delay starts over.
  network.store.subscribe(({ activeChainId }) => {
    clearTimeout(timer)
    if (activeChainId === undefined) return
    if (network.isSupported(activeChainId)) {
      if (isShowing()) modal.close()
      return
    }
    // The delay lets a wallet that passes through another chain while switching settle first.
    timer = setTimeout(() => {
      if (network.store.getState().activeChainId === activeChainId && !isShowing())
        modal.open({ view: 'UnsupportedChain' })
    }, UNSUPPORTED_CHAIN_DELAY_MS)
  })
  return { dispose: () => clearTimeout(timer) }
}
