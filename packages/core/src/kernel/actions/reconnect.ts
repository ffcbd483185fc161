import type { Connection } from '../../connection/connection-controller.js'
import { forget, type KernelState, persist, withWalletTimeout } from '../kernel-state.js'
import { alsoConnections, assertConnection, isValidConnection } from '../wallet-answer.js'

/**
 * Confirms the remembered connection with its wallet, and the same wallet's halves in other namespaces;
 * a returning visitor's code only, so it loads apart from the modal.
 */
export async function reconnectRemembered(deps: KernelState, isCancelled: () => boolean): Promise<void> {
  const { connection, network, events, adapters } = deps
  const remembered = connection.store.getState()
  if (remembered.status !== 'reconnecting' || !remembered.connection) return
  const { connectorId, namespace, chainId } = remembered.connection
  const connectorHooks = deps.hooks.get(connectorId)
  try {
    await connectorHooks?.beforeReconnect?.()
    const adapter = await adapters.load(namespace)
    const result = await withWalletTimeout(deps, adapter.reconnect(connectorId, { chainId }), 'reconnect')
    if (isCancelled() || connection.store.getState().status !== 'reconnecting') return
    if (!result) {
      forget(deps)
      connectorHooks?.reconnectLost?.(remembered.connection)
      return
    }
    const confirmed = assertConnection(adapters, result, namespace)
    await connectorHooks?.afterReconnect?.(confirmed)
    const { connectorName, connectorIcon } = remembered.connection
    const restored = { ...confirmed, connectorName, connectorIcon }
    connection.setConnected(restored)
    const supplied = alsoConnections(adapters, result, restored)
    for (const other of supplied) connection.keep(other)
    network.setActiveChain(confirmed.chainId)
    persist(deps)
    const current = connection.store.getState().connection
    if (current) events.emit('connected', { connection: current, target: undefined })
    confirmOthers(
      deps,
      Object.values(remembered.connections).filter(
        (kept): kept is Connection =>
          kept !== undefined &&
          kept.namespace !== namespace &&
          !supplied.some((other) => other.namespace === kept.namespace),
      ),
      isCancelled,
    )
  } catch {
    if (!isCancelled() && connection.store.getState().status === 'reconnecting') {
      forget(deps)
      connectorHooks?.reconnectLost?.(remembered.connection)
    }
  }
}

/**
 * The remembered connections of other namespaces that the active wallet did not vouch for (another
 * wallet's): each is confirmed by its own adapter in the background and forgotten if the wallet no longer
 * authorizes it.
 */
function confirmOthers(deps: KernelState, others: readonly Connection[], isCancelled: () => boolean) {
  const { connection, adapters } = deps
  for (const other of others) {
    adapters
      .load(other.namespace)
      .then((adapter) =>
        withWalletTimeout(
          deps,
          adapter.reconnect(other.connectorId, { chainId: other.chainId }),
          'reconnect',
        ),
      )
      .then(
        (result) => (result && isValidConnection(adapters, result, other.namespace) ? result : undefined),
        () => undefined,
      )
      .then((result) => {
        if (isCancelled() || connection.store.getState().connections[other.namespace] !== other) return
        if (result) {
          const { also: _also, ...confirmed } = result
          connection.keep({
            ...confirmed,
            namespace: other.namespace,
            connectorName: other.connectorName,
            connectorIcon: other.connectorIcon,
          })
        } else connection.setDisconnected(other.namespace)
        persist(deps)
      })
  }
}
