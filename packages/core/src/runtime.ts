import type { AccountController } from './account-controller.js'
import { createAnalytics } from './analytics.js'
import { createAuthController } from './auth-controller.js'
import type { ChainAdapter } from './chain-adapter.js'
import { createChainApiClient } from './chain-api-client.js'
import type { PorticoConfig, PorticoConfigInput } from './config.js'
import { parseConfig } from './config-schema.js'
import type { Connection, ConnectionController } from './connection-controller.js'
import { writeStoredConnection } from './connection-storage.js'
import { AUTH_CONNECTOR_ID, type Connector } from './connector.js'
import type { EarlyResponses } from './early-responses.js'
import { ConnectorAlreadyConnectedError, InvalidWalletResponseError, PorticoError } from './errors.js'
import { createExplorerClient } from './explorer-client.js'
import { createHistoryController } from './history-controller.js'
import type { KeyValueStorage } from './key-value-storage.js'
import { t } from './messages.js'
import type { ModalController } from './modal-controller.js'
import type { NetworkController } from './network-controller.js'
import { describeError, normalizeError } from './normalize-error.js'
import { createPairingController } from './pairing-controller.js'
import type { Portico } from './portico.js'
import type { Router } from './router.js'
import type { Store } from './store.js'
import type { ThemeController } from './theme-controller.js'
import type { ToastController } from './toast-controller.js'
import { isEvmAddress } from './validation.js'
import { walletListOptions } from './wallet-list-request.js'
import { createWalletsController } from './wallets-controller.js'
import { withTimeout } from './with-timeout.js'

/** What `createPortico` builds on the first paint and hands to the runtime. */
export interface RuntimeCore {
  input: PorticoConfigInput
  config: PorticoConfig
  storage: KeyValueStorage | undefined
  /** Requests the first paint started early (the wallet list on the visitor's intent). */
  early: EarlyResponses
  router: Router
  modal: ModalController
  connection: ConnectionController
  account: AccountController
  network: NetworkController
  toast: ToastController
  theme: ThemeController
  connectors: Store<{ connectors: readonly Connector[] }>
  /** Clears the connection from the first-paint stores and the storage. */
  forget(): void
  /** Whether `mount()` ran (and its cleanup did not), so analytics may start. */
  isMounted(): boolean
}

/**
 * The modal runtime: the controllers and actions the first paint does not need. `createPortico`
 * loads this module on the visitor's intent (hover, focus, press of a button), on open, or when a
 * remembered connection has to be confirmed.
 */
export interface Runtime
  extends Pick<
    Portico,
    | 'explorer'
    | 'chainApi'
    | 'history'
    | 'wallets'
    | 'analytics'
    | 'pairing'
    | 'auth'
    | 'connect'
    | 'disconnect'
    | 'switchNetwork'
    | 'refreshBalance'
    | 'signMessage'
    | 'sendTransaction'
  > {
  /** Confirms the remembered connection with the wallet. */
  reconnect(isCancelled: () => boolean): Promise<void>
  /** `mount()` ran after the runtime was created. */
  start(): void
}

function assertConnection(connection: Connection, method: string): Connection {
  const valid =
    Array.isArray(connection?.accounts) &&
    connection.accounts.length > 0 &&
    connection.accounts.every((account) => typeof account === 'string' && isEvmAddress(account)) &&
    Number.isInteger(connection.chainId)
  if (!valid) throw new InvalidWalletResponseError(method)
  return connection
}

/** Validates the config in full (throws its ConfigError) and creates the runtime's controllers. */
export function createRuntime(core: RuntimeCore): Runtime {
  parseConfig(core.input)
  const { config, storage, router, modal, connection, account, network, toast, connectors } = core

  const explorer = createExplorerClient({
    baseUrl: config.explorerUrl,
    projectId: config.projectId,
    fetch: core.early.fetch,
  })
  const wallets = createWalletsController({ client: explorer, storage, list: walletListOptions(config) })
  const analytics = createAnalytics({ client: explorer, enabled: config.enableAnalytics })
  const chainApi = createChainApiClient({ baseUrl: config.chainApiUrl, projectId: config.projectId })
  const history = createHistoryController(chainApi)
  const pairing = createPairingController()
  const auth = createAuthController({
    backendOptions: {
      authUrl: config.authUrl,
      projectId: config.projectId,
      chainId: config.defaultChainId,
      themeMode: () => core.theme.store.getState().themeMode,
      metadata: config.metadata,
      storage,
    },
    load: (backendOptions) =>
      import('./frame-auth-backend.js').then((module) => module.createFrameAuthBackend(backendOptions)),
    router,
    modal,
    toast,
    onLoggedIn: () => connectAuth(),
  })
  // The runtime may load on the click that opens the modal: that open counts too.
  if (core.isMounted()) analytics.start()
  if (modal.store.getState().open) analytics.track('MODAL_OPEN')
  modal.store.subscribe((state, previous) => {
    if (state.open !== previous.open) analytics.track(state.open ? 'MODAL_OPEN' : 'MODAL_CLOSE')
  })

  let adapterPromise: Promise<ChainAdapter> | undefined

  const evmFactory = config.adapters.find((adapter) => adapter.namespace === 'eip155')
  const loadAdapter = (): Promise<ChainAdapter> => {
    if (!evmFactory) return Promise.reject(new PorticoError('ADAPTER_MISSING', 'No EVM adapter configured.'))
    adapterPromise ??= evmFactory
      .load({
        networks: config.networks,
        rpcUrl: config.rpcUrl,
        rpcTimeoutMs: config.rpcTimeoutMs,
        relayUrl: config.relayUrl,
        projectId: config.projectId,
        metadata: config.metadata,
        authProvider: () => auth.provider(),
      })
      .then((adapter) => {
        // One subscription for the adapter's lifetime: a remount (React StrictMode) reuses the same
        // instance and adapter, so unsubscribing on unmount would lose wallet events afterwards.
        adapter.subscribe(handleAdapterEvent)
        return adapter
      })
      .catch((error) => {
        adapterPromise = undefined
        throw error
      })
    return adapterPromise
  }

  const persist = () => {
    const current = connection.store.getState()
    if (current.status !== 'connected' || !current.connection) return
    writeStoredConnection(storage, {
      connection: current.connection,
      balance: account.store.getState().balance,
    })
  }

  const forget = () => {
    core.forget()
    history.reset()
  }

  const findConnector = (connectorId: string) =>
    connectors.getState().connectors.find((connector) => connector.id === connectorId)

  function handleAdapterEvent(event: Parameters<Parameters<ChainAdapter['subscribe']>[0]>[0]) {
    const state = connection.store.getState()
    if (state.status !== 'connected') return
    if (event.type === 'disconnect' || (event.type === 'accountsChanged' && event.accounts.length === 0)) {
      forget()
      if (modal.store.getState().open && router.current()?.view !== 'Connect') modal.close()
      return
    }
    if (event.type === 'accountsChanged') {
      connection.setAccounts(event.accounts)
    } else {
      connection.setChainId(event.chainId)
      network.setActiveChain(event.chainId)
    }
    persist()
    void refreshBalance()
  }

  /** Native balance from the wallet's chain, token balances and profile from the Blockchain API. */
  async function refreshBalance(options: { forceUpdate?: boolean } = {}) {
    const current = connection.store.getState().connection
    if (!current || !network.isSupported(current.chainId)) return
    const address = current.accounts[0] as string
    const { chainId } = current
    // Ignore an answer that arrives after the visitor moved to another account or chain.
    const stillCurrent = () => {
      const latest = connection.store.getState().connection
      return latest?.accounts[0] === address && latest.chainId === chainId
    }
    account.setBalanceLoading()
    account.setTokens({ tokensStatus: 'loading' })
    const native = loadAdapter()
      .then((adapter) => adapter.getBalance(address, chainId))
      .then(
        (balance) => {
          if (!stillCurrent()) return
          account.setBalance(balance)
          persist()
        },
        () => {
          if (!stillCurrent()) return
          account.setBalanceError()
          toast.show('error', t('failedToFetchBalance'))
        },
      )
    const tokens = chainApi.getBalances(address, chainId, options).then(
      (tokenBalances) => stillCurrent() && account.setTokens({ tokensStatus: 'ready', tokenBalances }),
      () => {
        if (!stillCurrent()) return
        account.setTokens({ tokensStatus: 'error' })
        toast.show('error', t('failedToFetchBalance'))
      },
    )
    const profile = chainApi.getIdentity(address).then(
      (identity) => stillCurrent() && account.setProfile(identity),
      () => {},
    )
    await Promise.all([native, tokens, profile])
  }

  /** After the visitor's own transaction: balances now, and again once the indexer has seen the block. */
  function refreshAfterTransaction() {
    void refreshBalance({ forceUpdate: true })
    setTimeout(() => {
      void refreshBalance({ forceUpdate: true })
      const current = connection.store.getState().connection
      if (current && history.store.getState().status !== 'idle') {
        void history.load(current.accounts[0] as string, current.chainId)
      }
    }, 1_500)
  }

  /** The visitor's wallet accepted: remember the connection and show the account. */
  function completeConnect(
    result: Connection,
    name: string,
    icon: string | undefined,
    recent: { id: string; imageUrl?: string | undefined; rdns?: string | undefined } | undefined,
  ) {
    connection.setConnected({ ...result, connectorName: name, connectorIcon: icon })
    network.setActiveChain(result.chainId)
    account.reset()
    persist()
    router.reset('Account')
    void refreshBalance()
    if (recent) wallets.addRecent({ id: recent.id, name, imageUrl: recent.imageUrl, rdns: recent.rdns })
    analytics.track('CONNECT_SUCCESS', { name })
  }

  let pairingAttempt = 0
  // Leaving the Pairing view abandons its pairing: no renewal, and a late approval is ignored.
  router.store.subscribe((state) => {
    if (pairing.store.getState().status === 'idle') return
    if (state.history.some((entry) => entry.view === 'Pairing')) return
    pairing.reset()
    pairingAttempt++
    if (connection.store.getState().status === 'connecting') {
      connection.failConnect(new PorticoError('USER_CANCELLED', 'Pairing cancelled.'))
    }
  })

  /** WalletConnect: the Pairing view shows each URI until a wallet approves the session. */
  function connectWithPairing(connector: Connector, walletId: string | undefined) {
    const listing = walletId ? wallets.findById(walletId) : undefined
    const name = listing?.name ?? connector.name
    analytics.track('SELECT_WALLET', { name })
    const data = walletId ? { connectorId: connector.id, walletId } : { connectorId: connector.id }
    if (router.current()?.view === 'Pairing') router.replace('Pairing', data)
    else router.push('Pairing', data)
    pairing.start(() => {
      const attempt = ++pairingAttempt
      const current = () => attempt === pairingAttempt
      connection.beginConnect(connector.id)
      loadAdapter()
        .then((adapter) =>
          adapter.connect(connector.id, { onUri: (uri) => current() && pairing.setUri(uri) }),
        )
        .then(
          (result) => {
            if (!current()) return
            pairing.reset()
            completeConnect(
              assertConnection(result, 'eth_requestAccounts'),
              name,
              listing?.image_url ?? connector.imageUrl,
              {
                id: listing?.id ?? connector.id,
                imageUrl: listing?.image_url,
              },
            )
          },
          (error) => {
            if (!current()) return
            pairing.fail()
            const normalized = normalizeError(error, 'eth_requestAccounts')
            analytics.track('CONNECT_ERROR', { name, message: normalized.code })
            connection.failConnect(normalized)
            toast.show(
              'error',
              normalized.code === 'USER_REJECTED' ? t('walletRejected') : describeError(normalized, name),
            )
          },
        )
    })
  }

  /** The wallet frame has a session: connect its wallet as the AUTH connector and show the account. */
  async function connectAuth() {
    if (connection.store.getState().status !== 'connecting') connection.beginConnect(AUTH_CONNECTOR_ID)
    try {
      const adapter = await loadAdapter()
      const result = assertConnection(
        await withTimeout(adapter.connect(AUTH_CONNECTOR_ID), config.rpcTimeoutMs, 'eth_requestAccounts'),
        'eth_requestAccounts',
      )
      const user = await (await auth.backend()).getUser(result.chainId)
      auth.setUser({ email: user.email, userName: user.userName, socialProvider: user.socialProvider })
      completeConnect(result, user.email ?? user.userName ?? t('emailLabel'), undefined, undefined)
    } catch (error) {
      const normalized = normalizeError(error, 'eth_requestAccounts')
      connection.failConnect(normalized)
      throw normalized
    }
  }

  async function connect(connectorId: string, options: { walletId?: string } = {}) {
    const connector = findConnector(connectorId)
    if (connector?.type === 'WALLET_CONNECT') {
      if (connection.isConnected() && connection.store.getState().connection?.connectorId === connectorId) {
        toast.show('error', new ConnectorAlreadyConnectedError(connectorId).message)
        modal.shake()
        return
      }
      return connectWithPairing(connector, options.walletId)
    }
    const name = connector?.name ?? t('browserWallet')
    analytics.track('SELECT_WALLET', { name })
    try {
      connection.beginConnect(connectorId)
    } catch (error) {
      toast.show('error', (error as Error).message)
      modal.shake()
      return
    }
    if (router.current()?.view === 'ConnectingWallet') router.replace('ConnectingWallet', { connectorId })
    else router.push('ConnectingWallet', { connectorId })
    try {
      const adapter = await loadAdapter()
      const result = assertConnection(
        await withTimeout(adapter.connect(connectorId), config.rpcTimeoutMs, 'eth_requestAccounts'),
        'eth_requestAccounts',
      )
      // The discovered connector's name and icon are the ones the visitor picked.
      const rdns = connector?.info?.rdns
      const listing = rdns ? wallets.findByRdns(rdns) : undefined
      completeConnect(result, name, connector?.imageUrl, {
        id: listing?.id ?? connectorId,
        imageUrl: listing?.image_url,
        rdns,
      })
    } catch (error) {
      const normalized = normalizeError(error, 'eth_requestAccounts')
      analytics.track('CONNECT_ERROR', { name, message: normalized.code })
      connection.failConnect(normalized)
      toast.show('error', describeError(normalized, name))
    }
  }

  async function disconnect() {
    try {
      if (connection.store.getState().connection?.connectorId === AUTH_CONNECTOR_ID) await auth.signOut()
      if (adapterPromise) await (await adapterPromise).disconnect()
    } catch {
      toast.show('error', t('failedToDisconnect'))
    } finally {
      forget()
      modal.close()
    }
  }

  async function switchNetwork(chainId: number) {
    const target = network.getNetwork(chainId)
    if (!target) return
    const current = connection.store.getState()
    if (current.status !== 'connected') {
      network.store.setState({ defaultChainId: chainId })
      network.onSwitched()
      return
    }
    toast.show('loading', t('switchingNetwork'))
    try {
      const adapter = await loadAdapter()
      await adapter.switchChain(chainId)
      connection.setChainId(chainId)
      network.setActiveChain(chainId)
      persist()
      toast.show('success', t('networkSwitched', { network: target.name }))
      network.onSwitched()
      void refreshBalance()
    } catch (error) {
      const normalized = normalizeError(error, 'wallet_switchEthereumChain')
      toast.show(
        'error',
        normalized.code === 'USER_REJECTED'
          ? t('walletRejected')
          : t('networkSwitchFailed', { network: target.name }),
      )
    }
  }

  async function requireAdapter(): Promise<ChainAdapter> {
    if (!connection.isConnected()) throw new PorticoError('NOT_CONNECTED', 'Connect a wallet first.')
    return loadAdapter()
  }

  async function reconnect(isCancelled: () => boolean) {
    const remembered = connection.store.getState()
    if (remembered.status !== 'reconnecting' || !remembered.connection) return
    const { connectorId } = remembered.connection
    const isAuth = connectorId === AUTH_CONNECTOR_ID
    try {
      // An embedded-wallet session needs its frame (and only then is the frame loaded at start).
      const adapter = await (isAuth ? auth.backend().then(() => loadAdapter()) : loadAdapter())
      const result = await withTimeout(adapter.reconnect(connectorId), config.rpcTimeoutMs, 'eth_accounts')
      if (isCancelled() || connection.store.getState().status !== 'reconnecting') return
      if (!result) return forget()
      if (isAuth) {
        const user = await (await auth.backend()).getUser(result.chainId)
        auth.setUser({ email: user.email, userName: user.userName, socialProvider: user.socialProvider })
      }
      connection.setConnected(assertConnection(result, 'eth_accounts'))
      network.setActiveChain(result.chainId)
      persist()
      void refreshBalance()
    } catch {
      if (!isCancelled() && connection.store.getState().status === 'reconnecting') forget()
    }
  }

  return {
    explorer,
    chainApi,
    history,
    wallets,
    analytics,
    pairing,
    auth,
    connect,
    disconnect,
    switchNetwork,
    refreshBalance,
    async signMessage(message) {
      return (await requireAdapter()).signMessage(message)
    },
    async sendTransaction(request) {
      const hash = await (await requireAdapter()).sendTransaction(request)
      refreshAfterTransaction()
      return hash
    },
    reconnect,
    start: () => analytics.start(),
  }
}
