import type { Portico } from '@portico/core'
import { useContext } from 'react'
import { PorticoContext } from './portico-context.js'
import type { RegisteredPortico } from './register.js'

/**
 * The Portico instance of the nearest `<PorticoProvider>`: its stores, `open`, `connect`, `disconnect`,
 * `switchNetwork` and events (`portico.on('connected', …)`). Throws outside a provider. Typed as the
 * registered instance (`Register`), or as the type argument: `usePortico<typeof portico>()`.
 */
export function usePortico<portico extends Portico = RegisteredPortico>(): portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new Error('usePortico must be used inside <PorticoProvider>.')
  // The provider holds the instance the dApp created; the type says which config it was made from.
  return portico as portico
}
