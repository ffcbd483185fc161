import type { Connection } from '../../connection/connection-controller.js'
import { ConnectorAlreadyConnectedError } from '../../errors/errors.js'
import { normalizeError } from '../../errors/normalize-error.js'
import { type KernelState, persist } from '../kernel-state.js'
import type { ConnectAttempt } from '../kernel-types.js'

/** The one connect path: resolves once connected, rejects with the PorticoError that ended it. */
export async function connectWith(state: KernelState, attempt: ConnectAttempt): Promise<void> {
  const { connection, network, account, events, adapters } = state
  const { target, namespace } = attempt
  const isCurrent = attempt.isCurrent ?? (() => true)
  try {
    const current = connection.store.getState()
    if (current.status !== 'connecting' || current.pendingConnectorId !== target.connectorId) {
      connection.beginConnect(target.connectorId)
    }
    const [adapter, { assertConnection, alsoConnections }] = await Promise.all([
      adapters.load(namespace),
      import('../wallet-answer.js'),
    ])
    const outcome = await attempt.run(adapter, state.chosen.chainId)
    if (!isCurrent()) return
    const { connection: approved, label } =
      'label' in outcome ? outcome : { connection: outcome, label: undefined }
    // A pairing's wallet may approve another namespace only (a WalletConnect session with Solana alone).
    const approvedIn = adapters.namespaces.includes(approved?.namespace) ? approved.namespace : namespace
    const next: Connection = {
      ...assertConnection(adapters, approved, approvedIn),
      connectorName: label ?? target.name,
      connectorIcon: target.icon,
    }
    state.chosen.chainId = undefined
    connection.setConnected(next)
    for (const other of alsoConnections(adapters, approved, next)) connection.keep(other)
    network.setActiveChain(next.chainId)
    account.reset()
    persist(state)
    events.emit('connected', { connection: next, target })
  } catch (error) {
    if (!isCurrent()) return
    const normalized = normalizeError(error, 'connect')
    if (!(normalized instanceof ConnectorAlreadyConnectedError)) connection.failConnect(normalized)
    events.emit('connectFailed', {
      target,
      error: normalized,
      reportsOwnErrors: attempt.reportsOwnErrors ?? false,
    })
    throw normalized
  }
}
