import type { Connection } from '../connection/connection-controller.js'
import type { PorticoError } from '../errors/errors.js'

/** The connector a connect attempt is for, as the visitor picked it (name and icon shown). */
export interface ConnectTarget {
  connectorId: string
  name: string
  icon?: string | undefined
  /** Remembered as a recent wallet: the explorer listing id (or connector id) and its EIP-6963 rdns. */
  recent?: { id: string; rdns?: string | undefined } | undefined
}

/** Everything the kernel announces; the modal's flow and the features subscribe instead of being called. */
export interface KernelEventMap {
  /** A connect attempt started (the visitor picked a wallet or a sign-in finished). */
  connectStarted: { target: ConnectTarget }
  connected: { connection: Connection; target: ConnectTarget | undefined }
  /** `reportsOwnErrors`: the attempt's caller shows the failure itself (a sign-in form). */
  connectFailed: { target: ConnectTarget; error: PorticoError; reportsOwnErrors: boolean }
  /** `byWallet`: the wallet ended the connection (not the visitor, not a failed reconnect). */
  disconnected: { connection: Connection; byWallet: boolean }
  accountChanged: { connection: Connection }
  chainChanged: { connection: Connection }
  transactionSent: { hash: string; connection: Connection }
  /** The wallet refused to send: the account cannot pay for it (`INSUFFICIENT_FUNDS`), whoever asked. */
  transactionFailed: { error: PorticoError }
  /** The transaction is in a block (`status` says whether it reverted). */
  transactionConfirmed: { hash: string; connection: Connection; status: 'success' | 'reverted' }
}

/** The events `portico.on` takes: `connected`, `disconnected`, `chainChanged`, `transactionConfirmed`… */
export type KernelEventName = keyof KernelEventMap

export interface KernelEvents {
  /** Returns the unsubscribe. */
  on<Name extends KernelEventName>(name: Name, listener: (event: KernelEventMap[Name]) => void): () => void
  emit<Name extends KernelEventName>(name: Name, event: KernelEventMap[Name]): void
}

export function createKernelEvents(): KernelEvents {
  const listeners = new Map<KernelEventName, Set<(event: never) => void>>()
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set()
      listeners.set(name, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    emit(name, event) {
      // A failing subscriber must not stop the others or the kernel's own flow.
      for (const listener of listeners.get(name) ?? []) {
        try {
          ;(listener as (event: KernelEventMap[typeof name]) => void)(event)
        } catch (error) {
          console.error(error)
        }
      }
    },
  }
}
