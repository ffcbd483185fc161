import type { EarlyResponses } from '../clients/early-responses.js'
import type { PorticoConfig, PorticoConfigInput } from '../config/config.js'
import type { AccountController } from '../connection/account-controller.js'
import type { ChainId, ChainNamespace } from '../connection/caip.js'
import type {
  ChainAdapter,
  FeeEstimate,
  TransactionRequest,
  WalletConnection,
} from '../connection/chain-adapter.js'
import type { Connection, ConnectionController } from '../connection/connection-controller.js'
import type { Connector, ConnectorsState } from '../connection/connector.js'
import type { KeyValueStorage } from '../connection/key-value-storage.js'
import type { NetworkController } from '../connection/network-controller.js'
import type { Store } from '../store.js'
import type { AdapterRegistry } from './adapter-registry.js'
import type { ConnectTarget, KernelEvents } from './kernel-events.js'

/** The connection state `createPortico` builds on the first paint and hands to the kernel. */
export interface KernelCore {
  config: PorticoConfig
  input: PorticoConfigInput
  connection: ConnectionController
  account: AccountController
  network: NetworkController
  connectors: Store<ConnectorsState>
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
  /** The caller reports a failure itself (a sign-in shows its errors in its own form). */
  reportsOwnErrors?: boolean | undefined
}

/** A connection shown under another name than the connector's (the signed-in e-mail). */
export interface ConnectedAs {
  connection: WalletConnection
  label: string
}

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
 * How a network switch ended: `chosen`, nothing connected (the next connection starts there);
 * `switched`; `needsConnection`, the network's namespace has no connection yet (the switch goes on
 * once a wallet connects there: `multiChainWallet`, the connected wallet's row that has a half there).
 */
export type NetworkSwitch =
  | { status: 'chosen' | 'switched' }
  | { status: 'needsConnection'; multiChainWallet: Connector | undefined }

/**
 * The connection kernel: connection state, adapters by namespace, one connect path, typed events. It
 * names no view and shows nothing; the modal's flow (flow/) listens and decides what the visitor sees.
 */
export interface Kernel extends KernelCore {
  adapters: AdapterRegistry
  /** The connector `connectorId` names, in the namespace of the network chosen before connecting. */
  findConnector(connectorId: string): Connector
  /** The visitor picked `connector`: announced; rejects when that wallet is connected already. */
  beginConnect(connector: Connector): void
  /** Connects `connector` with its wallet's own account request (injected, announced wallets). */
  requestAccounts(connector: Connector): Promise<void>
  /** The one connect path: resolves once connected, rejects with the PorticoError that ended it. */
  connectWith(attempt: ConnectAttempt): Promise<void>
  setConnectorHooks(connectorId: string, hooks: ConnectorHooks): void
  /** Ends every namespace's connection; rejects with the wallet's failure once forgotten anyway. */
  disconnect(): Promise<void>
  switchNetwork(chainId: ChainId): Promise<NetworkSwitch>
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
