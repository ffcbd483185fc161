import type { ChainId, ChainNamespace } from '../connection/caip.js'
import type { Connection } from '../connection/connection-controller.js'
import { writeStoredConnection } from '../connection/connection-storage.js'
import { withTimeout } from '../connection/with-timeout.js'
import type { AdapterRegistry } from './adapter-registry.js'
import type { ConnectorHooks, KernelCore } from './kernel-types.js'

/** What the kernel's actions act on: the first paint's stores, the adapters and what features added. */
export interface KernelState extends KernelCore {
  adapters: AdapterRegistry
  hooks: Map<string, ConnectorHooks>
  /** The network the visitor picked in Networks while disconnected: the wallet connects on it. */
  chosen: { chainId: ChainId | undefined }
}

export const activeConnection = (state: KernelState): Connection | undefined =>
  state.connection.store.getState().connection

/** The connection in `namespace` while connected; undefined otherwise. */
export const connectedIn = (state: KernelState, namespace: ChainNamespace): Connection | undefined =>
  state.connection.store.getState().status === 'connected'
    ? state.connection.store.getState().connections[namespace]
    : undefined

/** Bounds a wallet request by the configured RPC timeout. */
export const withWalletTimeout = <T>(state: KernelState, promise: Promise<T>, method: string): Promise<T> =>
  withTimeout(promise, state.config.rpcTimeoutMs, method)

/** Remembers the current connection (and balance) for the next visit. */
export function persist(state: KernelState): void {
  const current = state.connection.store.getState()
  if (current.status !== 'connected' || !current.connection) return
  const active = current.connection
  const others = Object.values(current.connections).filter(
    (kept): kept is Connection => kept !== undefined && kept.namespace !== active.namespace,
  )
  writeStoredConnection(state.storage, {
    connection: active,
    balance: state.account.store.getState().balance,
    ...(others.length > 0 ? { others } : {}),
  })
}

/** Clears the connection everywhere and announces it; `byWallet`: the wallet ended it. */
export function forget(state: KernelState, byWallet = false): void {
  const gone = activeConnection(state)
  state.forget()
  if (gone) state.events.emit('disconnected', { connection: gone, byWallet })
}

/**
 * Records the active connection's new chain. A switch the dApp asked for is reported twice, by the
 * switch itself and by the wallet's event; the second finds the chain set and changes nothing.
 */
export function moveToChain(state: KernelState, chainId: ChainId): void {
  if (activeConnection(state)?.chainId === chainId) return
  state.connection.setChainId(chainId)
  state.network.setActiveChain(chainId)
  persist(state)
  const changed = activeConnection(state)
  if (changed) state.events.emit('chainChanged', { connection: changed })
}
