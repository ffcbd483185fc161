import type { Portico } from '@portico/core'
import { usePortico } from '@portico/react'
import { useEffect } from 'react'

declare global {
  interface Window {
    /** The demo's Portico instance, to try the API from the browser console. */
    portico?: Portico
  }
}

/** Puts the demo's Portico instance on `window.portico` while the app is mounted. */
export function ConsoleHandle() {
  const portico = usePortico()
  useEffect(() => {
    window.portico = portico
    return () => {
      if (window.portico === portico) delete window.portico
    }
  }, [portico])
  return null
}
