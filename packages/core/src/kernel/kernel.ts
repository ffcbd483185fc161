import type { ChainId, ChainNamespace } from '../connection/caip.js'
import type {
  AdapterContext,
  ChainAdapter,
  FeeEstimate,
  TransactionRequest,
} from '../connection/chain-adapter.js'
import type { Connection } from '../connection/connection-controller.js'
import { writeStoredConnection } from '../connection/connection-storage.js'
import type { Connector } from '../connection/connector.js'
import { withTimeout } from '../connection/with-timeout.js'
import { ConnectorAlreadyConnectedError, PorticoError } from '../errors/errors.js'
import { normalizeError } from '../errors/normalize-error.js'
import { t } from '../i18n/messages.js'
import { createAdapterRegistry } from './adapter-registry.js'
import type { ConnectAttempt, ConnectorHooks, Kernel, KernelCore, NetworkSwitch } from './kernel-types.js'

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
 * subscribe to its events.
 */
export function createKernel(core: KernelCore): Kernel {
  const { config, connection, network, account, storage, events } = core
  const hooks = new Map<string, ConnectorHooks>()
  // The network the visitor picked in Networks while disconnected: the wallet connects on it.
  let chosenChainId: ChainId | undefined

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
  const adapters = createAdapterRegistry({ factories: config.adapters, context, onEvent: onAdapterEvent })
  const active = () => connection.store.getState().connection
  const withWalletTimeout = <T>(promise: Promise<T>, method: string) =>
    withTimeout(promise, config.rpcTimeoutMs, method)

  function persist() {
    const current = connection.store.getState()
    if (current.status !== 'connected' || !current.connection) return
    const active = current.connection
    const others = Object.values(current.connections).filter(
      (kept): kept is Connection => kept !== undefined && kept.namespace !== active.namespace,
    )
    writeStoredConnection(storage, {
      connection: active,
      balance: account.store.getState().balance,
      ...(others.length > 0 ? { others } : {}),
    })
  }

  function forget(byWallet = false) {
    const gone = active()
    core.forget()
    if (gone) events.emit('disconnected', { connection: gone, byWallet })
  }

  function onAdapterEvent(
    namespace: ChainNamespace,
    event: Parameters<Parameters<ChainAdapter['subscribe']>[0]>[0],
  ) {
    const state = connection.store.getState()
    if (state.status !== 'connected' || state.connection?.namespace !== namespace) return
    if (event.type === 'disconnect' || (event.type === 'accountsChanged' && event.accounts.length === 0))
      return forget(true)
    if (event.type === 'chainChanged') return moveToChain(event.chainId)
    connection.setAccounts(event.accounts)
    persist()
    const changed = active()
    if (changed) events.emit('accountChanged', { connection: changed })
  }

  /**
   * Records the active connection's new chain. A switch the dApp asked for is reported twice, by the
   * switch itself and by the wallet's event; the second finds the chain set and changes nothing.
   */
  function moveToChain(chainId: ChainId) {
    if (active()?.chainId === chainId) return
    connection.setChainId(chainId)
    network.setActiveChain(chainId)
    persist()
    const changed = active()
    if (changed) events.emit('chainChanged', { connection: changed })
  }

  async function connectWith(attempt: ConnectAttempt): Promise<void> {
    const { target, namespace } = attempt
    const isCurrent = attempt.isCurrent ?? (() => true)
    try {
      const state = connection.store.getState()
      if (state.status !== 'connecting' || state.pendingConnectorId !== target.connectorId) {
        connection.beginConnect(target.connectorId)
      }
      const [adapter, { assertConnection, alsoConnections }] = await Promise.all([
        adapters.load(namespace),
        import('./wallet-answer.js'),
      ])
      const outcome = await attempt.run(adapter, chosenChainId)
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
      chosenChainId = undefined
      connection.setConnected(next)
      for (const other of alsoConnections(adapters, approved, next)) connection.keep(other)
      network.setActiveChain(next.chainId)
      account.reset()
      persist()
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

  /** Injected and announced wallets: one account request. */
  const requestAccounts = (connector: Connector) =>
    connectWith({
      target: {
        connectorId: connector.id,
        name: connector.name,
        icon: connector.imageUrl,
        recent: { id: connector.id, rdns: connector.info?.rdns },
      },
      namespace: connector.namespace,
      run: (adapter, chainId) => withWalletTimeout(adapter.connect(connector.id, { chainId }), 'connect'),
    })

  function findConnector(connectorId: string): Connector {
    // A multi-chain wallet's half too (find-connector's lookup, kept off the opening's chunks).
    const found = core.connectors
      .getState()
      .connectors.flatMap((wallet) => [wallet, ...(wallet.providers ?? [])])
      .find((candidate) => candidate.id === connectorId) ?? {
      id: connectorId,
      name: t('browserWallet'),
      type: 'INJECTED' as const,
      namespace: adapters.namespaces[0] ?? '',
      installed: true,
    }
    // A multi-chain wallet connects in the namespace of the network the visitor chose; else it asks which.
    const chosen = chosenChainId && network.getNetwork(chosenChainId)?.namespace
    return found.providers?.find((half) => half.namespace === chosen) ?? found
  }

  function beginConnect(connector: Connector) {
    events.emit('connectStarted', { target: { connectorId: connector.id, name: connector.name } })
    if (connection.isConnected() && active()?.connectorId === connector.id)
      throw new ConnectorAlreadyConnectedError(connector.id)
  }

  async function activeAdapter(): Promise<ChainAdapter> {
    const current = active()
    if (!current || !connection.isConnected())
      throw new PorticoError('NOT_CONNECTED', 'Connect a wallet first.')
    return adapters.load(current.namespace)
  }

  /** Ends every namespace's connection: a visitor disconnects the wallet, not one of its halves. */
  async function disconnect() {
    const all = Object.values(connection.store.getState().connections).filter(
      (each): each is Connection => each !== undefined,
    )
    try {
      for (const connectorId of new Set(all.map((each) => each.connectorId)))
        await hooks.get(connectorId)?.beforeDisconnect?.()
      for (const each of all) await (await adapters.loaded(each.namespace))?.disconnect()
    } finally {
      forget()
    }
  }

  async function switchNetwork(chainId: ChainId): Promise<NetworkSwitch> {
    const target = network.getNetwork(chainId)
    if (!target)
      throw new PorticoError('CHAIN_NOT_CONFIGURED', `${chainId} is not one of the configured networks.`)
    if (connection.store.getState().status !== 'connected') {
      chosenChainId = chainId
      network.store.setState({ defaultChainId: chainId })
      return { status: 'chosen' }
    }
    if (target.namespace !== active()?.namespace) {
      // Another namespace: its connection becomes the active one, connected first if need be.
      const existing = connection.store.getState().connections[target.namespace]
      if (!existing) {
        chosenChainId = chainId
        // A multi-chain wallet connects its half of that namespace (the other stays); else the visitor picks.
        const wallet = core.connectors
          .getState()
          .connectors.find((candidate) =>
            candidate.providers?.some((half) => half.id === active()?.connectorId),
          )
        const hasHalf = wallet?.providers?.some((half) => half.namespace === target.namespace)
        return { status: 'needsConnection', multiChainWallet: hasHalf ? wallet : undefined }
      }
      connection.setConnected(existing)
      network.setActiveChain(existing.chainId)
      account.reset()
      persist()
      events.emit('chainChanged', { connection: existing })
    }
    await (await adapters.load(target.namespace)).switchChain(chainId)
    moveToChain(chainId)
    return { status: 'switched' }
  }

  async function sendTransaction(request: TransactionRequest) {
    const [adapter, { sendAndFollow }] = await Promise.all([activeAdapter(), import('./transactions.js')])
    return sendAndFollow(adapter, request, { active, events })
  }

  const connectedIn = (namespace: ChainNamespace) =>
    connection.store.getState().status === 'connected'
      ? connection.store.getState().connections[namespace]
      : undefined

  async function getProvider(namespace: ChainNamespace): Promise<unknown> {
    if (!connectedIn(namespace)) return undefined
    return (await adapters.load(namespace)).provider?.()
  }

  async function watchTransaction(hash: string, namespace: ChainNamespace): Promise<void> {
    const sentFrom = connectedIn(namespace)
    if (!sentFrom) return
    const [adapter, { followTransaction }] = await Promise.all([
      adapters.load(namespace),
      import('./transactions.js'),
    ])
    followTransaction(adapter, hash, sentFrom, events)
  }

  async function estimateFee(request: TransactionRequest): Promise<FeeEstimate> {
    const [adapter, { estimateFrom }] = await Promise.all([activeAdapter(), import('./transactions.js')])
    return estimateFrom(adapter, request, active())
  }

  /** Confirms the remembered connection; its code loads only for a returning visitor. */
  async function reconnect(isCancelled: () => boolean) {
    const { reconnectRemembered } = await import('./reconnect.js')
    return reconnectRemembered(
      { connection, network, events, adapters, hooks, forget: () => forget(), persist, withWalletTimeout },
      isCancelled,
    )
  }

  return {
    ...core,
    events,
    adapters,
    findConnector,
    beginConnect,
    requestAccounts,
    connectWith,
    setConnectorHooks: (connectorId, connectorHooks) => void hooks.set(connectorId, connectorHooks),
    disconnect,
    switchNetwork,
    signMessage: async (message) => (await activeAdapter()).signMessage(message),
    sendTransaction,
    estimateFee,
    reconnect,
    persist,
    activeAdapter,
    getProvider,
    watchTransaction,
    withWalletTimeout,
  }
}
