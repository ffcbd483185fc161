import type { Portico, ViewName } from '@portico/core'

type Prefetch = (view: ViewName) => void

const handlers = new WeakMap<Portico, Prefetch>()

/** The provider says how its modal is fetched; returns the cleanup. */
export function onPrefetch(portico: Portico, handler: Prefetch): () => void {
  handlers.set(portico, handler)
  return () => {
    if (handlers.get(portico) === handler) handlers.delete(portico)
  }
}

/**
 * The visitor shows the intent to open the modal (pointer over a button, focus, press): fetch the
 * modal, its runtime and the view it opens on now, so the click renders them at once. Nothing of
 * the modal is fetched before such an intent.
 */
export function prefetchModal(portico: Portico, view: ViewName): void {
  handlers.get(portico)?.(view)
}

/** The intent handlers of a button that opens the modal on `view`. */
export function intentHandlers(portico: Portico, view: () => ViewName) {
  const prefetch = () => prefetchModal(portico, view())
  return { onPointerEnter: prefetch, onFocus: prefetch, onPointerDown: prefetch, onTouchStart: prefetch }
}
