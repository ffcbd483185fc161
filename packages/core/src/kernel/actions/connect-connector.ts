import type { Connector } from '../../connection/connector.js'
import { ConnectorAlreadyConnectedError } from '../../errors/errors.js'
import { t } from '../../i18n/messages.js'
import { activeConnection, type KernelState, withWalletTimeout } from '../kernel-state.js'
import { connectWith } from './connect-with.js'

/** The connector `connectorId` names, in the namespace of the network chosen before connecting. */
export function findConnector(state: KernelState, connectorId: string): Connector {
  // A multi-chain wallet's half too (find-connector's lookup, kept off the opening's chunks).
  const found = state.connectors
    .getState()
    .connectors.flatMap((wallet) => [wallet, ...(wallet.providers ?? [])])
    .find((candidate) => candidate.id === connectorId) ?? {
    id: connectorId,
    name: t('browserWallet'),
    type: 'INJECTED' as const,
    namespace: state.adapters.namespaces[0] ?? '',
    installed: true,
  }
  // A multi-chain wallet connects in the namespace of the network the visitor chose; else it asks which.
  const chosen = state.chosen.chainId && state.network.getNetwork(state.chosen.chainId)?.namespace
  return found.providers?.find((half) => half.namespace === chosen) ?? found
}

/** The visitor picked `connector`: announced; throws when that wallet is connected already. */
export function beginConnect(state: KernelState, connector: Connector): void {
  state.events.emit('connectStarted', { target: { connectorId: connector.id, name: connector.name } })
  if (state.connection.isConnected() && activeConnection(state)?.connectorId === connector.id)
    throw new ConnectorAlreadyConnectedError(connector.id)
}

/** Injected and announced wallets: one account request. */
export function requestAccounts(state: KernelState, connector: Connector): Promise<void> {
  return connectWith(state, {
    target: {
      connectorId: connector.id,
      name: connector.name,
      icon: connector.imageUrl,
      recent: { id: connector.id, rdns: connector.info?.rdns },
    },
    namespace: connector.namespace,
    run: (adapter, chainId) =>
      withWalletTimeout(state, adapter.connect(connector.id, { chainId }), 'connect'),
  })
}
