import type { AuthController } from './auth/auth-controller.js'
import type { ChainApiClient } from './clients/chain-api-client.js'
import { createEarlyResponses } from './clients/early-responses.js'
import type { ExplorerClient } from './clients/explorer-client.js'
import { explorerHeaders, getWalletsUrl } from './clients/explorer-request.js'
import { firstPageRequests, walletListOptions } from './clients/wallet-list-request.js'
import { type PorticoConfig, type PorticoConfigInput, resolveConfig } from './config/config.js'
import { type AccountController, createAccountController } from './connection/account-controller.js'
import type { ChainId, ChainNamespace } from './connection/caip.js'
import type { ChainAdapterFactory, FeeEstimate, TransactionRequest } from './connection/chain-adapter.js'
import { type ConnectionController, createConnectionController } from './connection/connection-controller.js'
import { clearStoredConnection, readStoredConnection } from './connection/connection-storage.js'
import type { Connector } from './connection/connector.js'
import { browserStorage, type KeyValueStorage } from './connection/key-value-storage.js'
import { createNetworkController, type NetworkController } from './connection/network-controller.js'
import { ConfigError, PorticoError } from './errors/errors.js'
import type { HistoryController } from './features/activity/history-controller.js'
import type { Analytics } from './features/analytics/analytics.js'
import type { NamesController } from './features/names/names-controller.js'
import type { PairingController } from './features/pairing/pairing-controller.js'
import type { SiweController } from './features/siwe/siwe-controller.js'
import type { WalletsController } from './features/wallet-list/wallets-controller.js'
import { createKernelEvents, type KernelEvents } from './kernel/kernel-events.js'
import { createModalController, type ModalController } from './modal/modal-controller.js'
import { createRouter, type Router, type ViewName } from './modal/router.js'
import { createThemeController, type ThemeController } from './modal/theme-controller.js'
import { createToastController, type ToastController } from './modal/toast-controller.js'
import { createTooltipController, type TooltipController } from './modal/tooltip-controller.js'
import type { Runtime } from './runtime.js'
import { createStore, type Store } from './store.js'

/** The state of `portico.connectors`. */
export interface ConnectorsState {
  /** Every adapter's wallets, as the Connect view lists them. */
  connectors: readonly Connector[]
}

/**
 * One Portico instance: the config, the stores the buttons and hooks read, the modal runtime's
 * controllers, and the actions (`open`, `connect`, `switchNetwork`, `signMessage`…).
 */
export interface Portico {
  /** The config with its defaults filled in. */
  config: PorticoConfig
  /** The modal's view history (`router.current()`, `push`, `back`). */
  router: Router
  /** The modal's open state (`modal.store`). */
  modal: ModalController
  /** The wallet connection (`connection.store`: status, connections). */
  connection: ConnectionController
  /** The connected account's balance, tokens and name (`account.store`). */
  account: AccountController
  /** The active and the configured networks (`network.store`). */
  network: NetworkController
  /** The modal's toasts. */
  toast: ToastController
  /** The modal's tooltips. */
  tooltip: TooltipController
  /** The theme mode and variables (`theme.store`, `setThemeMode`). */
  theme: ThemeController
  /** The wallets the adapters found on the page. */
  connectors: Store<ConnectorsState>
  /**
   * The members below belong to the modal runtime, which is not on the first paint: they are
   * available once `load()` resolved (the modal and its views only render after that), and
   * reading one earlier throws a `RUNTIME_NOT_LOADED` PorticoError.
   *
   * The explorer service's client (wallet list, images, analytics).
   */
  explorer: ExplorerClient
  /** The chain API's client (balances, activity, names, swaps, on-ramp). Runtime. */
  chainApi: ChainApiClient
  /** The account's activity. Runtime. */
  history: HistoryController
  /** The explorer's wallet list as the modal pages and searches it. Runtime. */
  wallets: WalletsController
  /** The modal's events sent to the explorer (`enableAnalytics`). Runtime. */
  analytics: Analytics
  /** The WalletConnect pairing the Pairing view shows. */
  pairing: PairingController
  /** E-mail and social sign-in with the embedded wallet (loads the wallet frame on first use). */
  auth: AuthController
  /** Sign-In With Ethereum, when the config has `siwe`: its state and sign-in, cancel and sign-out. */
  siwe: SiweController | undefined
  /** Account names (`<name>.wcn.id`): live lookups while typing, registration, resolving. */
  names: NamesController
  /**
   * Loads the modal runtime (wallet list, explorer, analytics, auth, pairing…) once and validates
   * the config in full; rejects with the ConfigError of an invalid config. Called on the visitor's
   * intent, on open, by the actions below, and by `mount()` for a remembered connection.
   */
  load(): Promise<void>
  /**
   * The visitor is about to open the modal: `load()`, and start the request for the wallet list the
   * modal shows first beside the runtime chunk rather than after it. Call it on intent (hover, focus).
   */
  preload(): Promise<void>
  /** Whether `load()` has resolved: the runtime members can be read. */
  isLoaded(): boolean
  /** Opens the modal on `view`, or on Account when connected and Connect otherwise. */
  open(options?: { view?: ViewName }): void
  /** Closes the modal. */
  close(): void
  /** `walletId`: the explorer listing a WalletConnect pairing is meant for (its name and links). */
  connect(connectorId: string, options?: { walletId?: string }): Promise<void>
  /** Disconnects the wallet (every namespace) and forgets the remembered connection. */
  disconnect(): Promise<void>
  /** Asks the wallet to switch to `chainId` (one of `networks`); while disconnected, sets the next start. */
  switchNetwork(chainId: ChainId): Promise<void>
  /** Fetches the balance again; `forceUpdate` skips the chain API's cache. */
  refreshBalance(options?: { forceUpdate?: boolean }): Promise<void>
  /** Signs `message` (EIP-191 personal_sign on EVM) with the connected account; resolves to the signature. */
  signMessage(message: string): Promise<string>
  /** Sends a transaction from the connected account; resolves to its hash once the wallet sent it. */
  sendTransaction(request: TransactionRequest): Promise<string>
  /** What `request` would cost from the connected account on its network, in the native token's smallest unit. */
  estimateFee(request: TransactionRequest): Promise<FeeEstimate>
  /**
   * The connected wallet's own provider in `namespace` (default `eip155`: an EIP-1193 provider), whichever
   * kind of wallet it is (injected, announced, WalletConnect, the embedded wallet); undefined while no
   * wallet is connected there. For a library the dApp drives the wallet with besides Portico (wagmi).
   */
  getProvider(namespace?: ChainNamespace): Promise<unknown>
  /**
   * Follows a transaction the connected wallet sent outside Portico (through wagmi, say): Portico
   * announces it and, once it is in a block, refreshes the balances and activity as after its own sends.
   */
  watchTransaction(hash: string, namespace?: ChainNamespace): Promise<void>
  /** Starts wallet discovery and confirms a remembered connection; returns the cleanup. Client only. */
  mount(): () => void
  /** Subscribes to the kernel's events (connected, chainChanged, transactionConfirmed…); returns the unsubscribe. */
  on: KernelEvents['on']
}

/** The Portico members that belong to the modal runtime (read once it has loaded). */
const RUNTIME_MEMBERS = [
  'explorer',
  'chainApi',
  'history',
  'wallets',
  'analytics',
  'pairing',
  'auth',
  'siwe',
  'names',
] as const satisfies readonly (keyof Portico & keyof Runtime)[]

/** The Portico actions the runtime carries out; called before it has loaded, they load it first. */
const RUNTIME_ACTIONS = [
  'connect',
  'disconnect',
  'switchNetwork',
  'refreshBalance',
  'signMessage',
  'sendTransaction',
  'estimateFee',
  'getProvider',
  'watchTransaction',
] as const satisfies readonly (keyof Portico & keyof Runtime)[]

/** Loads the module with `createRuntime`. */
export type RuntimeLoader = () => Promise<Pick<typeof import('./runtime.js'), 'createRuntime'>>

/** Options of `createPortico` besides the config. */
export interface CreatePorticoOptions {
  /** Where the connection is remembered; defaults to localStorage in browsers. */
  storage?: KeyValueStorage | undefined
  /**
   * Loads the module with `createRuntime`; defaults to the runtime's own chunk. A UI package passes
   * the module that brings its modal with the runtime, so an open is one request.
   */
  loadRuntime?: RuntimeLoader | undefined
}

/**
 * Creates one Portico instance: its own stores and controllers, no globals, safe to call during SSR.
 * Only what the buttons paint with is created here; the rest is the modal runtime (`load()`).
 * The config gets its defaults and the checks the first paint relies on here (a ConfigError throws
 * at once); its full validation runs when the runtime loads (`load()` rejects with the ConfigError
 * and it is logged with console.error).
 */
export function createPortico(input: PorticoConfigInput, options: CreatePorticoOptions = {}): Portico {
  return createPorticoWithRuntime(input, {
    ...options,
    loadRuntime: options.loadRuntime ?? (() => import('./runtime.js')),
  })
}

/**
 * `createPortico` with the loader of its modal runtime required. A UI package that brings the runtime
 * with its modal calls this one: `createPortico`'s default loader, never called then, would still make
 * a dApp's bundler emit the runtime's own chunk, and its lazy features, a second time.
 */
export function createPorticoWithRuntime(
  input: PorticoConfigInput,
  options: CreatePorticoOptions & { loadRuntime: RuntimeLoader },
): Portico {
  const config = resolveConfig(input)
  const storage = 'storage' in options ? options.storage : browserStorage()
  const stored = readStoredConnection(storage, (namespace, address) =>
    config.adapters.some((adapter) => adapter.namespace === namespace && adapter.isAddress(address)),
  )

  const connection = createConnectionController()
  const router = createRouter({ onEmpty: () => modal.close() })
  const modal = createModalController({ router, isConnected: connection.isConnected })
  const account = createAccountController(stored?.balance)
  const network = createNetworkController({
    networks: config.networks,
    defaultChainId: config.defaultChainId,
    router,
    modal,
  })
  const toast = createToastController()
  const tooltip = createTooltipController()
  const theme = createThemeController({ themeMode: config.themeMode, themeVariables: config.themeVariables })
  const connectors = createStore<ConnectorsState>({ connectors: [] })

  // A returning visitor sees their account on the first render; mount() confirms it with the wallet.
  if (stored) {
    connection.setReconnecting(stored.connection)
    for (const other of stored.others ?? []) connection.keep(other)
    network.store.setState({ activeChainId: stored.connection.chainId })
  }

  const forget = () => {
    connection.setDisconnected()
    account.reset()
    network.setActiveChain(undefined)
    clearStoredConnection(storage)
  }

  const early = createEarlyResponses()
  const events = createKernelEvents()
  let mounted = 0
  let runtime: Runtime | undefined
  let loading: Promise<Runtime> | undefined
  const load = (): Promise<Runtime> => {
    loading ??= options
      .loadRuntime()
      .then(async (module) => {
        runtime = await module.createRuntime({
          input,
          config,
          storage,
          early,
          router,
          modal,
          connection,
          account,
          network,
          toast,
          theme,
          connectors,
          events,
          forget,
          isMounted: () => mounted > 0,
        })
        return runtime
      })
      .catch((error) => {
        // A chunk that failed to load may load on the next attempt; an invalid config will not.
        if (!(error instanceof ConfigError)) loading = undefined
        console.error(error)
        throw error
      })
    return loading
  }
  const preload = (): Promise<void> => {
    if (!runtime && !loading) {
      const headers = explorerHeaders(config.projectId)
      const { page, featured } = firstPageRequests(walletListOptions(config))
      for (const params of featured ? [page, featured] : [page])
        early.start(getWalletsUrl(config.explorerUrl, params), { headers })
    }
    return load().then(() => {})
  }
  const loaded = (member: string): Runtime => {
    if (runtime) return runtime
    throw new PorticoError(
      'RUNTIME_NOT_LOADED',
      `portico.${member} belongs to the modal runtime: await portico.load() first.`,
    )
  }
  /** Runs an action in the runtime: at once when it is loaded (views rely on that), else after loading. */
  const withRuntime = <T>(action: (runtime: Runtime) => Promise<T>): Promise<T> =>
    runtime ? action(runtime) : load().then(action)

  function mount() {
    mounted++
    runtime?.start()
    // Each adapter reports its own namespace's connectors; the list shows them all, in adapter order.
    const lists = new Map<ChainAdapterFactory, readonly Connector[]>()
    const stops = config.adapters.map((factory) =>
      factory.watchConnectors(
        { enableEIP6963: config.enableEIP6963, enableInjected: config.enableInjected },
        (list) => {
          lists.set(factory, list)
          connectors.setState({ connectors: config.adapters.flatMap((adapter) => lists.get(adapter) ?? []) })
        },
      ),
    )
    let cancelled = false
    if (connection.store.getState().status === 'reconnecting') {
      load().then(
        (loadedRuntime) => loadedRuntime.reconnect(() => cancelled),
        () => {
          if (!cancelled && connection.store.getState().status === 'reconnecting') forget()
        },
      )
    }
    return () => {
      cancelled = true
      mounted--
      for (const stop of stops) stop()
      network.dispose()
    }
  }

  const portico = {
    config,
    router,
    modal,
    connection,
    account,
    network,
    toast,
    tooltip,
    theme,
    connectors,
    load: () => load().then(() => {}),
    preload,
    isLoaded: () => runtime !== undefined,
    open: (options?: { view?: ViewName }) => modal.open(options),
    close: () => modal.close(),
    mount,
    on: events.on,
  } as Portico
  // One line per runtime member, not one getter each: the first paint carries this list, so a feature's
  // member costs a word there. Members read the loaded runtime; actions wait for it.
  for (const member of RUNTIME_MEMBERS)
    Object.defineProperty(portico, member, { enumerable: true, get: () => loaded(member)[member] })
  for (const action of RUNTIME_ACTIONS) {
    portico[action] = ((...args: unknown[]) =>
      withRuntime((loaded) => (loaded[action] as (...args: unknown[]) => Promise<unknown>)(...args))) as never
  }
  return portico
}
