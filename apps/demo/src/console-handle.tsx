import type { Portico } from '@portico/core'
import { usePortico } from '@portico/react'
import { useEffect } from 'react'

declare global {
  interface Window {
    /** The demo's Portico instance, to try the API from the browser console. */
    portico?: Portico
    /** Switches the modal's language without a reload, e.g. `porticoSetLocale('ar')` (core's `setLocale`). */
    porticoSetLocale?: (locale: string | undefined) => Promise<void>
  }
}

/** Puts the demo's Portico instance on `window.portico` while the app is mounted. */
export function ConsoleHandle() {
  const portico = usePortico()
  useEffect(() => {
    window.portico = portico
    // Loaded on first use: the first paint does not carry the locale machinery for a console helper.
    window.porticoSetLocale = (locale) =>
      import('./set-demo-locale.js').then((module) => module.setDemoLocale(locale))
    return () => {
      if (window.portico === portico) delete window.portico
    }
  }, [portico])
  return null
}
