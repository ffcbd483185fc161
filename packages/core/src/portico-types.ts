import type { AuthController } from './auth/auth-controller.js'
import type { ChainApiClient } from './clients/chain-api-client.js'
import type { ExplorerClient } from './clients/explorer-client.js'
import type { PorticoConfig } from './config/config.js'
import type { AccountController } from './connection/account-controller.js'
import type { ChainId, ChainNamespace } from './connection/caip.js'
import type { FeeEstimate, TransactionRequest } from './connection/chain-adapter.js'
import type { ConnectionController } from './connection/connection-controller.js'
import type { ConnectorsState } from './connection/connector.js'
import type { NetworkController } from './connection/network-controller.js'
import type { HistoryController } from './features/activity/history-state.js'
import type { Analytics } from './features/analytics/analytics.js'
import type { NamesController } from './features/names/names-controller.js'
import type { PairingController } from './features/pairing/pairing-controller.js'
import type { SiweController } from './features/siwe/siwe-controller.js'
import type { WalletsController } from './features/wallet-list/wallets-controller.js'
import type { KernelEvents } from './kernel/kernel-events.js'
import type { ModalController } from './modal/modal-controller.js'
import type { Router, ViewName } from './modal/router.js'
import type { ThemeController } from './modal/theme-controller.js'
import type { ToastController } from './modal/toast-controller.js'
import type { TooltipController } from './modal/tooltip-controller.js'
import type { Store } from './store.js'

/**
 * One Portico instance: the config, the stores the buttons and hooks read, the modal runtime's
 * controllers, and the actions (`open`, `connect`, `switchNetwork`, `signMessage`…).
 * `configuredChainId` is the union of the config's chain ids when `createPortico` saw them written out.
 */
export interface Portico<configuredChainId extends ChainId = ChainId> {
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
  switchNetwork(chainId: configuredChainId): Promise<void>
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
