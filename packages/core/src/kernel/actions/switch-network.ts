import type { ChainId } from '../../connection/caip.js'
import { PorticoError } from '../../errors/errors.js'
import { activeConnection, type KernelState, moveToChain, persist } from '../kernel-state.js'
import type { NetworkSwitch } from '../kernel-types.js'

/**
 * Switches the active connection to `chainId`; while disconnected, the next connection starts there. A
 * network of another namespace makes that namespace's connection the active one, once there is one.
 */
export async function switchNetwork(state: KernelState, chainId: ChainId): Promise<NetworkSwitch> {
  const { connection, network } = state
  const target = network.getNetwork(chainId)
  if (!target)
    throw new PorticoError('CHAIN_NOT_CONFIGURED', `${chainId} is not one of the configured networks.`)
  if (connection.store.getState().status !== 'connected') {
    state.chosen.chainId = chainId
    network.store.setState({ defaultChainId: chainId })
    return { status: 'chosen' }
  }
  if (target.namespace !== activeConnection(state)?.namespace) {
    const existing = connection.store.getState().connections[target.namespace]
    if (!existing) {
      state.chosen.chainId = chainId
      // A multi-chain wallet connects its half of that namespace (the other stays); else the visitor picks.
      const wallet = state.connectors
        .getState()
        .connectors.find((candidate) =>
          candidate.providers?.some((half) => half.id === activeConnection(state)?.connectorId),
        )
      const hasHalf = wallet?.providers?.some((half) => half.namespace === target.namespace)
      return { status: 'needsConnection', multiChainWallet: hasHalf ? wallet : undefined }
    }
    connection.setConnected(existing)
    network.setActiveChain(existing.chainId)
    state.account.reset()
    persist(state)
    state.events.emit('chainChanged', { connection: existing })
  }
  await (await state.adapters.load(target.namespace)).switchChain(chainId)
  moveToChain(state, chainId)
  return { status: 'switched' }
}
