import type { EarlyResponses } from '../clients/early-responses.js'
import type { PorticoConfigInput } from '../config/config.js'
import type { ChainId, ChainNamespace } from '../connection/caip.js'
import type {
  AdapterContext,
  ChainAdapter,
  FeeEstimate,
  TransactionRequest,
  WalletConnection,
} from '../connection/chain-adapter.js'
import type { Connection } from '../connection/connection-controller.js'
import { writeStoredConnection } from '../connection/connection-storage.js'
import type { Connector, ConnectorType } from '../connection/connector.js'
import type { KeyValueStorage } from '../connection/key-value-storage.js'
import { withTimeout } from '../connection/with-timeout.js'
import { errorMessage } from '../errors/error-message.js'
import { ConnectorAlreadyConnectedError, PorticoError } from '../errors/errors.js'
import { normalizeError } from '../errors/normalize-error.js'
import { t } from '../i18n/messages.js'
import { dismissErrorToast } from '../modal/dismiss-error-toast.js'
import type { ViewName } from '../modal/router.js'
import type { Portico } from '../portico.js'
import { type AdapterRegistry, createAdapterRegistry } from './adapter-registry.js'
import type { ConnectTarget, KernelEvents } from './kernel-events.js'

/** What `createPortico` builds on the first paint and hands to the kernel. */
export interface KernelCore
  extends Pick<
    Portico,
    'config' | 'router' | 'modal' | 'connection' | 'account' | 'network' | 'toast' | 'theme' | 'connectors'
  > {
  input: PorticoConfigInput
  storage: KeyValueStorage | undefined
  /** Requests the first paint started early (the wallet list on the visitor's intent). */
  early: EarlyResponses
  /** Created with the instance so a dApp can subscribe before the kernel loads. */
  events: KernelEvents
  /** Clears the connection from the first-paint stores and the storage. */
  forget(): void
  /** Whether `mount()` ran (and its cleanup did not), so analytics may start. */
  isMounted(): boolean
}

/** One attempt to connect a wallet; every connector's flow ends in `connectWith`. */
export interface ConnectAttempt {
  target: ConnectTarget
  namespace: ChainNamespace
  /** The wallet's part; `chainId` is the network the visitor chose before connecting, if any. */
  run(adapter: ChainAdapter, chainId: ChainId | undefined): Promise<WalletConnection | ConnectedAs>
  /** False once a newer attempt replaced this one (a renewed pairing): its outcome is dropped. */
  isCurrent?: (() => boolean) | undefined
  /** Whether a failure shows a toast; a sign-in shows its errors in its own view. */
  toastErrors?: boolean | undefined
}

/** A connection shown under another name than the connector's (the signed-in e-mail). */
export interface ConnectedAs {
  connection: WalletConnection
  label: string
}

/** How a connector type connects when picked (WalletConnect shows a pairing first). */
export type ConnectStrategy = (
  connector: Connector,
  options: { walletId?: string | undefined },
) => Promise<void>

/** What a feature adds around one connector's lifecycle. */
export interface ConnectorHooks {
  /** Before a remembered connection is confirmed (loads what the connector's provider needs). */
  beforeReconnect?(): Promise<void>
  /** After a remembered connection was confirmed. */
  afterReconnect?(connection: Connection): Promise<void>
  /**
   * A remembered connection could not be confirmed (the wallet no longer has it) and was forgotten: the
   * connector's flow tells the visitor, who saw it connected a moment before.
   */
  reconnectLost?(remembered: Connection): void
  beforeDisconnect?(): Promise<void>
}

/**
 * A further step a feature asks for after a new connection (signing in with the wallet): its view shows
 * instead of the modal closing. Undefined: nothing to do for this connection.
 */
export type AfterConnectStep = (connection: Connection) => ViewName | undefined

export interface Kernel extends KernelCore {
  adapters: AdapterRegistry
  /** The visitor picked a connector: its type's strategy runs, or the plain wallet request. */
  connect(connectorId: string, options?: { walletId?: string | undefined }): Promise<void>
  /** The one connect path: resolves once connected, rejects with the PorticoError that ended it. */
  connectWith(attempt: ConnectAttempt): Promise<void>
  setConnectStrategy(type: ConnectorType, strategy: ConnectStrategy): void
  setConnectorHooks(connectorId: string, hooks: ConnectorHooks): void
  /** Adds a step after each new connection; the first step that names a view gets it. */
  addAfterConnectStep(step: AfterConnectStep): void
  /** The view the first after-connect step names for `connection`; undefined when none has one. */
  afterConnectView(connection: Connection): ViewName | undefined
  disconnect(): Promise<void>
  switchNetwork(chainId: ChainId): Promise<void>
  signMessage(message: string): Promise<string>
  sendTransaction(request: TransactionRequest): Promise<string>
  /** What `request` would cost from the active account on its network. */
  estimateFee(request: TransactionRequest): Promise<FeeEstimate>
  /** Confirms the remembered connection with the wallet. */
  reconnect(isCancelled: () => boolean): Promise<void>
  /** Remembers the current connection (and balance) for the next visit. */
  persist(): void
  /** The adapter of the active connection's namespace; rejects when nothing is connected. */
  activeAdapter(): Promise<ChainAdapter>
  /** The wallet's own provider in `namespace` (EVM: EIP-1193); undefined without a connection there. */
  getProvider(namespace: ChainNamespace): Promise<unknown>
  /** Follows a transaction the wallet sent outside Portico, as if Portico had sent it. */
  watchTransaction(hash: string, namespace: ChainNamespace): Promise<void>
  /** Bounds a wallet request by the configured RPC timeout. */
  withWalletTimeout<T>(promise: Promise<T>, method: string): Promise<T>
}

/**
 * The connection kernel: adapters by namespace, one connect path, and typed events. Everything
 * else (balances, history, wallet list, analytics, pairing, sign-in) is a feature subscribing to it.
 */
export function createKernel(core: KernelCore): Kernel {
  const { config, connection, network, router, modal, toast, account, storage } = core
  const { events } = core
  const strategies = new Map<ConnectorType, ConnectStrategy>()
  const hooks = new Map<string, ConnectorHooks>()
  const afterConnectSteps: AfterConnectStep[] = []
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

  function forget() {
    const gone = active()
    core.forget()
    if (gone) events.emit('disconnected', { connection: gone })
  }

  function onAdapterEvent(
    namespace: ChainNamespace,
    event: Parameters<Parameters<ChainAdapter['subscribe']>[0]>[0],
  ) {
    const state = connection.store.getState()
    if (state.status !== 'connected' || state.connection?.namespace !== namespace) return
    if (event.type === 'disconnect' || (event.type === 'accountsChanged' && event.accounts.length === 0)) {
      forget()
      if (modal.store.getState().open && router.current()?.view !== 'Connect') modal.close()
      return
    }
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
      // A retry that connects takes away the failure toast of the attempt before it.
      dismissErrorToast(toast)
      connection.setConnected(next)
      for (const other of alsoConnections(adapters, approved, next)) connection.keep(other)
      network.setActiveChain(next.chainId)
      account.reset()
      persist()
      // Done: the modal closes, as visitors know it from other wallet modals; it reopens on Account.
      // A feature's further step (signing in with the wallet) shows instead.
      const nextStep = afterConnectSteps.map((step) => step(next)).find((view) => view !== undefined)
      if (nextStep) router.reset(nextStep)
      else if (modal.store.getState().open && router.indexOf('Networks') >= 0) {
        // A switch from Networks to a namespace not connected yet: it ends as every switch does (the
        // view before Networks, Account, stays open; a Networks opened on its own closes).
        const name = network.getNetwork(next.chainId)?.name
        if (name) toast.show('success', t('networkSwitched', { network: name }))
        network.onSwitched()
      } else {
        router.reset('Account')
        modal.close()
      }
      events.emit('connected', { connection: next, target })
    } catch (error) {
      if (!isCurrent()) return
      const normalized = normalizeError(error, 'connect')
      if (!(normalized instanceof ConnectorAlreadyConnectedError)) connection.failConnect(normalized)
      events.emit('connectFailed', { target, error: normalized })
      if (attempt.toastErrors ?? true) toast.show('error', errorMessage(normalized, { wallet: target.name }))
      if (normalized instanceof ConnectorAlreadyConnectedError) modal.shake()
      throw normalized
    }
  }

  /** Injected and announced wallets: one account request, shown in the ConnectingWallet view. */
  const requestAccounts: ConnectStrategy = (connector) => {
    if (router.current()?.view === 'ConnectingWallet')
      router.replace('ConnectingWallet', { connectorId: connector.id })
    else router.push('ConnectingWallet', { connectorId: connector.id })
    const rdns = connector.info?.rdns
    return connectWith({
      target: {
        connectorId: connector.id,
        name: connector.name,
        icon: connector.imageUrl,
        recent: { id: connector.id, rdns },
      },
      namespace: connector.namespace,
      run: (adapter, chainId) => withWalletTimeout(adapter.connect(connector.id, { chainId }), 'connect'),
    })
  }

  async function connect(connectorId: string, options: { walletId?: string | undefined } = {}) {
    // A multi-chain wallet's half too (findConnector's lookup, kept off the opening's chunks).
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
    const connector = found.providers?.find((half) => half.namespace === chosen) ?? found
    if (connector.providers) return router.push('ConnectingMultiChain', { connectorId })
    events.emit('connectStarted', { target: { connectorId, name: connector.name } })
    if (connection.isConnected() && active()?.connectorId === connectorId) {
      const error = new ConnectorAlreadyConnectedError(connectorId)
      toast.show('error', errorMessage(error))
      modal.shake()
      throw error
    }
    return (strategies.get(connector.type) ?? requestAccounts)(connector, options)
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
    } catch {
      toast.show('error', t('failedToDisconnect'))
    } finally {
      forget()
      modal.close()
    }
  }

  async function switchNetwork(chainId: ChainId) {
    const target = network.getNetwork(chainId)
    if (!target) return
    if (connection.store.getState().status !== 'connected') {
      chosenChainId = chainId
      network.store.setState({ defaultChainId: chainId })
      network.onSwitched()
      return
    }
    toast.show('loading', t('switchingNetwork'))
    try {
      if (target.namespace !== active()?.namespace) {
        // Another namespace: its connection becomes the active one, connected first if need be.
        if (!activateNamespace(target.namespace, chainId)) return
      }
      await (await adapters.load(target.namespace)).switchChain(chainId)
      moveToChain(chainId)
      toast.show('success', t('networkSwitched', { network: target.name }))
      network.onSwitched()
    } catch (error) {
      const normalized = normalizeError(error, 'switchChain')
      toast.show(
        'error',
        normalized.code === 'USER_REJECTED'
          ? errorMessage(normalized)
          : t('networkSwitchFailed', { network: target.name }),
      )
    }
  }

  /**
   * Makes `namespace` the active one for a switch to `chainId`: its existing connection, else the Connect
   * view, whose wallet then connects on `chainId`. False when the switch cannot go on now.
   */
  function activateNamespace(namespace: ChainNamespace, chainId: ChainId): boolean {
    const existing = connection.store.getState().connections[namespace]
    if (!existing) {
      chosenChainId = chainId
      toast.hide()
      // A multi-chain wallet connects its half of that namespace (the other stays); else the visitor picks.
      const wallet = core.connectors
        .getState()
        .connectors.find((candidate) =>
          candidate.providers?.some((half) => half.id === active()?.connectorId),
        )
      if (wallet?.providers?.some((half) => half.namespace === namespace)) connect(wallet.id).catch(() => {})
      else router.push('Connect')
      return false
    }
    connection.setConnected(existing)
    network.setActiveChain(existing.chainId)
    account.reset()
    persist()
    events.emit('chainChanged', { connection: existing })
    return true
  }

  async function sendTransaction(request: TransactionRequest) {
    const [adapter, { sendAndFollow }] = await Promise.all([activeAdapter(), import('./transactions.js')])
    return sendAndFollow(adapter, request, { active, events, toast })
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
      { connection, network, events, adapters, hooks, forget, persist, withWalletTimeout },
      isCancelled,
    )
  }

  return {
    ...core,
    events,
    adapters,
    connect,
    connectWith,
    setConnectStrategy: (type, strategy) => void strategies.set(type, strategy),
    setConnectorHooks: (connectorId, connectorHooks) => void hooks.set(connectorId, connectorHooks),
    addAfterConnectStep: (step) => void afterConnectSteps.push(step),
    afterConnectView: (next) =>
      afterConnectSteps.map((step) => step(next)).find((view) => view !== undefined),
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
