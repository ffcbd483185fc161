import type { Connection } from '../../connection/connection-controller.js'
import { forget, type KernelState } from '../kernel-state.js'

/**
 * Ends every namespace's connection (a visitor disconnects the wallet, not one of its halves); forgotten
 * even when a wallet fails to end it, and then rejects with that failure.
 */
export async function disconnect(state: KernelState): Promise<void> {
  const all = Object.values(state.connection.store.getState().connections).filter(
    (each): each is Connection => each !== undefined,
  )
  try {
    for (const connectorId of new Set(all.map((each) => each.connectorId)))
      await state.hooks.get(connectorId)?.beforeDisconnect?.()
    for (const each of all) await (await state.adapters.loaded(each.namespace))?.disconnect()
  } finally {
    forget(state)
  }
}
