import type { Portico } from '@portico/core'
import { useContext } from 'react'
import { PorticoContext } from './portico-context.js'

/**
 * The Portico instance of the nearest `<PorticoProvider>`: its stores, `open`, `connect`, `disconnect`,
 * `switchNetwork` and events (`portico.on('connected', …)`). Throws outside a provider.
 */
export function usePortico(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new Error('usePortico must be used inside <PorticoProvider>.')
  return portico
}
