/** The EIP-1193 events the test wallet emits, with their payloads. */
export interface ProviderEventMap {
  connect: { chainId: string }
  disconnect: { code: number; message: string }
  accountsChanged: string[]
  chainChanged: string
  message: { type: string; data: unknown }
}

export type ProviderEventName = keyof ProviderEventMap
// biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners are untyped `(...args: any[]) => void` by spec.
export type ProviderListener = (...args: any[]) => void

/** A minimal event emitter; a listener that throws must not stop the others or the wallet itself. */
export function createProviderEvents() {
  const listeners = new Map<string, Set<ProviderListener>>()
  return {
    on(event: string, listener: ProviderListener): void {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
    },
    removeListener(event: string, listener: ProviderListener): void {
      listeners.get(event)?.delete(listener)
    },
    removeAllListeners(event?: string): void {
      if (event === undefined) listeners.clear()
      else listeners.delete(event)
    },
    emit<E extends ProviderEventName>(event: E, payload: ProviderEventMap[E]): void {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload)
        } catch (error) {
          console.error(`[portico-test-wallet] a '${event}' listener threw`, error)
        }
      }
    },
    listenerCount(event: string): number {
      return listeners.get(event)?.size ?? 0
    },
  }
}
