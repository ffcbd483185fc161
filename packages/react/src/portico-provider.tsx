import { createPortico, type Portico, type PorticoConfigInput, type ViewName } from '@portico/core'
import { lazy, type ReactNode, Suspense, useEffect, useInsertionEffect, useState } from 'react'
import { injectButtonStyles } from './button-styles.js'
import { PorticoContext } from './portico-context.js'
import { onPrefetch } from './prefetch.js'
import { preloadImages } from './preload-images.js'

const loadModal = () => import('./modal/modal-root.js')
const ModalRoot = lazy(loadModal)

/** The views an open starts on, fetched beside the modal rather than after it (no waterfall). */
const firstViews: Partial<Record<ViewName, () => Promise<unknown>>> = {
  Connect: () => import('./views/connect-view.js'),
  Account: () => import('./views/account-view.js'),
  Networks: () => import('./views/networks-view.js'),
}

function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2_000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(callback, 50)
  return () => clearTimeout(handle)
}

export interface PorticoProviderProps {
  /** Read once, on the first render. */
  config: PorticoConfigInput
  children?: ReactNode
}

export function PorticoProvider({ config, children }: PorticoProviderProps) {
  const [portico] = useState<Portico>(() => createPortico(config))
  const [modalMounted, setModalMounted] = useState(false)

  useInsertionEffect(() => injectButtonStyles(document), [])
  useEffect(() => portico.mount(), [portico])
  useEffect(() => {
    // Nothing of the modal loads before the visitor's intent (a button's hover, focus or press) or an
    // open: then the modal, its runtime (wallet list, explorer…) and the first view load together,
    // and the modal mounts (closed) so the click renders it at once.
    let active = true
    let started = false
    const prefetch = (view: ViewName) => {
      const modalModule = loadModal()
      void firstViews[view]?.().catch(() => {})
      void modalModule.then((module) => module.preloadView(view)).catch(() => {})
      if (started) return
      started = true
      Promise.all([portico.load(), modalModule]).then(
        () => {
          if (active) setModalMounted(true)
          // Refresh the wallet list (shown from the saved copy meanwhile) and warm its images.
          void portico.wallets.refresh().then(() => {
            const { featured, recommended } = portico.wallets.store.getState()
            return preloadImages([...featured, ...recommended].map((wallet) => wallet.image_url))
          })
        },
        () => {
          // load() logged it; a failed chunk may load on the next intent.
          started = false
        },
      )
    }
    const unregister = onPrefetch(portico, prefetch)
    // By default the modal still loads while the page is idle, so even a first click with no intent
    // before it (or open() from the dApp's code) renders at once; 'intent' waits for the visitor.
    const cancelIdle =
      portico.config.prefetch === 'idle'
        ? whenIdle(() => prefetch(portico.router.current()?.view ?? 'Connect'))
        : () => {}
    const onOpen = () => {
      const view = portico.router.current()?.view ?? 'Connect'
      prefetch(view)
      // Once open, the views the next steps show load in the background.
      void loadModal()
        .then((module) => module.preloadViews())
        .catch(() => {})
    }
    if (portico.modal.store.getState().open) onOpen()
    const unsubscribe = portico.modal.store.subscribe((state, previous) => {
      if (state.open && !previous.open) onOpen()
    })
    return () => {
      active = false
      cancelIdle()
      unregister()
      unsubscribe()
    }
  }, [portico])

  return (
    <PorticoContext.Provider value={portico}>
      {children}
      {modalMounted ? (
        <Suspense fallback={null}>
          <ModalRoot />
        </Suspense>
      ) : null}
    </PorticoContext.Provider>
  )
}
