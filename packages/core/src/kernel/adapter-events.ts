import type { ChainNamespace } from '../connection/caip.js'
import type { AdapterEvent } from '../connection/chain-adapter.js'
import { activeConnection, forget, type KernelState, moveToChain, persist } from './kernel-state.js'

/** What a wallet reports on its own (accounts, chain, disconnect), for the active namespace's connection. */
export function onAdapterEvent(state: KernelState, namespace: ChainNamespace, event: AdapterEvent): void {
  const current = state.connection.store.getState()
  if (current.status !== 'connected' || current.connection?.namespace !== namespace) return
  if (event.type === 'disconnect' || (event.type === 'accountsChanged' && event.accounts.length === 0)) {
    forget(state, true)
    return
  }
  if (event.type === 'chainChanged') {
    moveToChain(state, event.chainId)
    return
  }
  state.connection.setAccounts(event.accounts)
  persist(state)
  const changed = activeConnection(state)
  if (changed) state.events.emit('accountChanged', { connection: changed })
}
