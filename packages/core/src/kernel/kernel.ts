import type { AdapterContext } from '../connection/chain-adapter.js'
import { beginConnect, findConnector, requestAccounts } from './actions/connect-connector.js'
import { connectWith } from './actions/connect-with.js'
import { disconnect } from './actions/disconnect.js'
import { switchNetwork } from './actions/switch-network.js'
import {
  activeAdapter,
  estimateFee,
  getProvider,
  sendTransaction,
  signMessage,
  watchTransaction,
} from './actions/wallet-requests.js'
import { onAdapterEvent } from './adapter-events.js'
import { createAdapterRegistry } from './adapter-registry.js'
import { type KernelState, persist, withWalletTimeout } from './kernel-state.js'
import type { Kernel, KernelCore } from './kernel-types.js'

export type {
  ConnectAttempt,
  ConnectedAs,
  ConnectorHooks,
  Kernel,
  KernelCore,
  NetworkSwitch,
} from './kernel-types.js'

/**
 * The connection kernel: adapters by namespace, one connect path, and typed events. It shows nothing:
 * the modal's flow and the features (balances, history, wallet list, analytics, pairing, sign-in)
 * subscribe to its events. Each action is a function of the kernel's state (actions/), bound here.
 */
export function createKernel(core: KernelCore): Kernel {
  const { config, connection } = core
  const context: AdapterContext = {
    networks: config.networks,
    rpcUrl: config.rpcUrl,
    rpcTimeoutMs: config.rpcTimeoutMs,
    chainApiUrl: config.chainApiUrl,
    relayUrl: config.relayUrl,
    projectId: config.projectId,
    metadata: config.metadata,
    connectionOf: (namespace) => connection.store.getState().connections[namespace],
  }
  const state: KernelState = {
    ...core,
    adapters: createAdapterRegistry({
      factories: config.adapters,
      context,
      onEvent: (namespace, event) => onAdapterEvent(state, namespace, event),
    }),
    hooks: new Map(),
    chosen: { chainId: undefined },
  }

  return {
    ...core,
    adapters: state.adapters,
    findConnector: (connectorId) => findConnector(state, connectorId),
    beginConnect: (connector) => beginConnect(state, connector),
    requestAccounts: (connector) => requestAccounts(state, connector),
    connectWith: (attempt) => connectWith(state, attempt),
    setConnectorHooks: (connectorId, hooks) => void state.hooks.set(connectorId, hooks),
    disconnect: () => disconnect(state),
    switchNetwork: (chainId) => switchNetwork(state, chainId),
    signMessage: (message) => signMessage(state, message),
    sendTransaction: (request) => sendTransaction(state, request),
    estimateFee: (request) => estimateFee(state, request),
    // Confirms the remembered connection; its code loads only for a returning visitor.
    reconnect: async (isCancelled) =>
      (await import('./actions/reconnect.js')).reconnectRemembered(state, isCancelled),
    persist: () => persist(state),
    activeAdapter: () => activeAdapter(state),
    getProvider: (namespace) => getProvider(state, namespace),
    watchTransaction: (hash, namespace) => watchTransaction(state, hash, namespace),
    withWalletTimeout: (promise, method) => withWalletTimeout(state, promise, method),
  }
}
