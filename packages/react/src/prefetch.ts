import type { Portico, ViewName } from '@portico/core'
import { useEffect } from 'react'

type Prefetch = (view: ViewName) => void

const handlers = new WeakMap<Portico, Prefetch>()
/** How many of Portico's buttons (the places a visitor shows intent) are mounted, per instance. */
const intentSources = new WeakMap<Portico, number>()

/** The provider says how its modal is fetched; returns the cleanup. */
export function onPrefetch(portico: Portico, handler: Prefetch): () => void {
  handlers.set(portico, handler)
  return () => {
    if (handlers.get(portico) === handler) handlers.delete(portico)
  }
}

/**
 * The visitor shows the intent to open the modal (pointer over a button, focus, press): fetch the
 * modal, its runtime and the view it opens on now, if the page has not done so while idle, so the
 * click renders them at once.
 */
export function prefetchModal(portico: Portico, view: ViewName): void {
  handlers.get(portico)?.(view)
}

/**
 * Whether the modal waits for the visitor's intent instead of loading once the page is idle: with
 * `prefetch: 'intent'`, or for a visitor whose browser asks pages to save data (the Save-Data hint), on a
 * page that shows one of Portico's buttons. A dApp that opens the modal from its own button gives no
 * intent to wait for. Called in effects only, where `navigator` exists.
 */
export function waitsForIntent(portico: Portico): boolean {
  const savesData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData
  return (portico.config.prefetch === 'intent' || !!savesData) && (intentSources.get(portico) ?? 0) > 0
}

/** The intent handlers of a button that opens the modal on `view`; the button counts as an intent source while mounted. */
export function useIntentHandlers(portico: Portico, view: () => ViewName) {
  useEffect(() => {
    intentSources.set(portico, (intentSources.get(portico) ?? 0) + 1)
    return () => {
      intentSources.set(portico, (intentSources.get(portico) ?? 1) - 1)
    }
  }, [portico])
  const prefetch = () => prefetchModal(portico, view())
  return { onPointerEnter: prefetch, onFocus: prefetch, onPointerDown: prefetch, onTouchStart: prefetch }
}
