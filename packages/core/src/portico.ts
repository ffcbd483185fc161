import { createEarlyResponses } from './clients/early-responses.js'
import { explorerHeaders, getWalletsUrl } from './clients/explorer-request.js'
import { firstPageRequests, walletListOptions } from './clients/wallet-list-request.js'
import { type PorticoConfig, type PorticoConfigInput, resolveConfig } from './config/config.js'
import type { ConfiguredChainId, NetworkInput } from './config/configured-chain-id.js'
import { createAccountController } from './connection/account-controller.js'
import type { ChainAdapterFactory } from './connection/chain-adapter.js'
import { createConnectionController } from './connection/connection-controller.js'
import { clearStoredConnection, readFirstConnection } from './connection/connection-storage.js'
import type { Connector, ConnectorsState } from './connection/connector.js'
import type { PorticoInitialState } from './connection/cookie-initial-state.js'
import { browserStorage, type KeyValueStorage } from './connection/key-value-storage.js'
import { createNetworkController } from './connection/network-controller.js'
import { ConfigError, PorticoError } from './errors/errors.js'
import { watchUnsupportedChain } from './flow/unsupported-chain.js'
import { createKernelEvents } from './kernel/kernel-events.js'
import { createModalController } from './modal/modal-controller.js'
import { createRouter, type ViewName } from './modal/router.js'
import { createThemeController } from './modal/theme-controller.js'
import { createToastController } from './modal/toast-controller.js'
import { createTooltipController } from './modal/tooltip-controller.js'
import type { Portico } from './portico-types.js'
import type { Runtime, RuntimeCore } from './runtime.js'
import { createStore, type Store } from './store.js'

export type { ConnectorsState } from './connection/connector.js'
export type { Portico } from './portico-types.js'

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
  /** Where the connection is remembered; defaults to localStorage in browsers, `cookieStorage` for SSR. */
  storage?: KeyValueStorage | undefined
  /**
   * The connection the server rendered with (`cookieToInitialState`): when given, it is used instead of
   * the storage, so the client's first render matches the server's HTML. Checked like the storage.
   */
  initialState?: PorticoInitialState | undefined
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
 * at once); its full validation (zod) follows the runtime in its own chunk, off the modal's opening
 * (`load()` rejects with the ConfigError and it is logged with console.error).
 */
export function createPortico<const networks extends NetworkInput[]>(
  input: PorticoConfigInput<networks>,
  options: CreatePorticoOptions = {},
): Portico<ConfiguredChainId<networks>> {
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
  const stored = readFirstConnection(storage, options.initialState, (namespace, address) =>
    config.adapters.some((adapter) => adapter.namespace === namespace && adapter.isAddress(address)),
  )

  const connection = createConnectionController()
  const router = createRouter({ onEmpty: () => modal.close() })
  const modal = createModalController({ router, isConnected: connection.isConnected })
  const account = createAccountController(stored?.balance)
  const network = createNetworkController({
    networks: config.networks,
    defaultChainId: config.defaultChainId,
  })
  const unsupportedChain = watchUnsupportedChain({ network, router, modal })
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

  const events = createKernelEvents()
  // What the facade shows and the runtime builds on, named once.
  const shared = { config, router, modal, connection, account, network, toast, theme, connectors }
  const portico = {
    ...shared,
    tooltip,
    open: (options?: { view?: ViewName }) => modal.open(options),
    close: () => modal.close(),
    on: events.on,
  } as Portico
  installRuntime(portico, options.loadRuntime, unsupportedChain, {
    ...shared,
    input,
    storage,
    early: createEarlyResponses(),
    events,
    forget() {
      connection.setDisconnected()
      account.reset()
      network.setActiveChain(undefined)
      clearStoredConnection(storage)
    },
  })
  return portico
}

/**
 * Gives `portico` what loads the modal runtime or reads it (`load`, `preload`, `isLoaded`, `mount`, the
 * runtime's members and actions), the runtime created from `core` once loaded.
 */
function installRuntime(
  portico: Portico,
  loadRuntime: RuntimeLoader,
  unsupportedChain: { dispose(): void },
  core: Omit<RuntimeCore, 'isMounted'>,
): void {
  const { config, connection, early } = core
  let mounted = 0
  let runtime: Runtime | undefined
  let loading: Promise<Runtime> | undefined
  const load = (): Promise<Runtime> => {
    loading ??= loadRuntime()
      .then(async (module) => {
        runtime = await module.createRuntime({ ...core, isMounted: () => mounted > 0 })
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
  const loaded = (member: string): Runtime => {
    if (runtime) return runtime
    throw new PorticoError(
      'RUNTIME_NOT_LOADED',
      `portico.${member} belongs to the modal runtime: await portico.load() first.`,
    )
  }
  portico.load = () => load().then((loaded) => loaded.validated)
  portico.preload = () => {
    // The modal's code is requested first, the wallet list beside it (a cold open's first rows need no answer).
    const cold = !runtime && !loading
    const loaded = load().then(() => {})
    if (cold) {
      const { page, featured } = firstPageRequests(walletListOptions(config))
      for (const params of featured ? [page, featured] : [page])
        early.start(getWalletsUrl(config.explorerUrl, params), { headers: explorerHeaders(config.projectId) })
    }
    return loaded
  }
  portico.isLoaded = () => runtime !== undefined
  portico.mount = () => {
    mounted++
    runtime?.start()
    const stopWatching = watchConnectors(config, core.connectors)
    let cancelled = false
    if (connection.store.getState().status === 'reconnecting') {
      load().then(
        (loadedRuntime) => loadedRuntime.reconnect(() => cancelled),
        () => {
          if (!cancelled && connection.store.getState().status === 'reconnecting') core.forget()
        },
      )
    }
    return () => {
      cancelled = true
      mounted--
      stopWatching()
      unsupportedChain.dispose()
    }
  }
  // One line per runtime member, not one getter each: the first paint carries this list, so a feature's
  // member costs a word there. Members read the loaded runtime; actions wait for it (at once when it is
  // loaded: views rely on that).
  for (const member of RUNTIME_MEMBERS)
    Object.defineProperty(portico, member, { enumerable: true, get: () => loaded(member)[member] })
  for (const action of RUNTIME_ACTIONS) {
    portico[action] = ((...args: unknown[]) => {
      const run = (loaded: Runtime) => (loaded[action] as (...args: unknown[]) => Promise<unknown>)(...args)
      return runtime ? run(runtime) : load().then(run)
    }) as never
  }
}

/** Each adapter reports its own namespace's connectors; the list shows them all, in adapter order. */
function watchConnectors(config: PorticoConfig, connectors: Store<ConnectorsState>): () => void {
  const lists = new Map<ChainAdapterFactory, readonly Connector[]>()
  const stops = config.adapters.map((factory) =>
    factory.watchConnectors(config, (list) => {
      lists.set(factory, list)
      connectors.setState({ connectors: config.adapters.flatMap((adapter) => lists.get(adapter) ?? []) })
    }),
  )
  return () => {
    for (const stop of stops) stop()
  }
}
