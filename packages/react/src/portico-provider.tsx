import { createPortico, type Portico, type PorticoConfigInput } from '@portico/core'
import { lazy, type ReactNode, Suspense, useEffect, useInsertionEffect, useState } from 'react'
import { injectButtonStyles } from './button-styles.js'
import { PorticoContext } from './portico-context.js'
import { preloadImages } from './preload-images.js'

const loadModal = () => import('./modal/modal-root.js')
const ModalRoot = lazy(loadModal)

export interface PorticoProviderProps {
  /** Read once, on the first render. */
  config: PorticoConfigInput
  children?: ReactNode
}

function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2_000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(callback, 50)
  return () => clearTimeout(handle)
}

export function PorticoProvider({ config, children }: PorticoProviderProps) {
  const [portico] = useState<Portico>(() => createPortico(config))
  const [modalMounted, setModalMounted] = useState(false)

  useInsertionEffect(() => injectButtonStyles(document), [])
  useEffect(() => portico.mount(), [portico])
  useEffect(() => {
    // The modal is fetched when the browser is idle, so the first click renders it at once;
    // a click before that mounts it straight away.
    const cancelIdle = whenIdle(() => {
      void loadModal().then((module) => module.preloadViews())
      setModalMounted(true)
      // Refresh the wallet list (shown from the saved copy meanwhile) and warm the images of the first open.
      void portico.wallets.refresh().then(() => {
        const { featured, recommended } = portico.wallets.store.getState()
        return preloadImages([...featured, ...recommended].map((wallet) => wallet.image_url))
      })
    })
    const unsubscribe = portico.modal.store.subscribe((state) => {
      if (state.open) setModalMounted(true)
    })
    return () => {
      cancelIdle()
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
