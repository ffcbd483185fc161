import type { Portico } from '@portico/core'
import { useContext } from 'react'
import { PorticoContext } from './portico-context.js'

/** The Portico instance of the nearest <PorticoProvider>. */
export function usePortico(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new Error('usePortico must be used inside <PorticoProvider>.')
  return portico
}
