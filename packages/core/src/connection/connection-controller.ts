import { ConnectorAlreadyConnectedError, type PorticoError } from '../errors/errors.js'
import { createStore, type Store } from '../store.js'
import type { ChainId, ChainNamespace } from './caip.js'

/** Where the connection stands; `'reconnecting'`: a remembered wallet is being confirmed on page load. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/** One wallet connection in one namespace. */
export interface Connection {
  /** `eip155` or `solana`. */
  namespace: ChainNamespace
  /** The namespace's own address form, the active account first. */
  accounts: readonly string[]
  /** The chain within the namespace: `1` of `eip155:1`, a Solana cluster's CAIP-2 reference. */
  chainId: ChainId
  /** The connector it went through (an EIP-6963 rdns, `walletConnect`, `auth`…). */
  connectorId: string
  /** The wallet's display name. */
  connectorName: string
  /** The wallet's icon (a data URI or an image URL). */
  connectorIcon?: string | undefined
}

/** The state of `portico.connection.store`. */
export interface ConnectionState {
  /** Where the connection stands. */
  status: ConnectionStatus
  /** The active namespace's connection, present while connected or reconnecting. */
  connection: Connection | undefined
  /** Every namespace's connection; a visitor may hold an EVM and a Solana wallet at once. */
  connections: Readonly<Partial<Record<ChainNamespace, Connection>>>
  /** The connector a pending `connecting` is for. */
  pendingConnectorId: string | undefined
  /** Why the last attempt failed, until the next one. */
  error: PorticoError | undefined
}

export interface ConnectionController {
  store: Store<ConnectionState>
  isConnected(): boolean
  address(): string | undefined
  /** Marks a connect attempt; connecting to the connector already in use fails. */
  beginConnect(connectorId: string): void
  /** Ends a failed attempt, keeping any connection that existed before it. */
  failConnect(error: PorticoError): void
  /** Records the connection of its namespace and makes that namespace the active one. */
  setConnected(connection: Connection): void
  /**
   * Records a connection of another namespace without making it active: the same wallet's second
   * half (a multi-chain wallet, the embedded wallet's Solana account, a WalletConnect session's).
   */
  keep(connection: Connection): void
  /** Shows a remembered connection right away while the wallet confirms it. */
  setReconnecting(connection: Connection): void
  setAccounts(accounts: readonly string[]): void
  setChainId(chainId: ChainId): void
  /** Forgets one namespace's connection (the next one becomes active), or all of them. */
  setDisconnected(namespace?: ChainNamespace): void
}

const initial: ConnectionState = {
  status: 'disconnected',
  connection: undefined,
  connections: {},
  pendingConnectorId: undefined,
  error: undefined,
}

export function createConnectionController(): ConnectionController {
  const store = createStore<ConnectionState>(initial)
  const update = (patch: Partial<ConnectionState>) => store.setState(patch)
  /** Replaces the active connection in both places. */
  const updateActive = (next: Connection) =>
    update({ connection: next, connections: { ...store.getState().connections, [next.namespace]: next } })

  return {
    store,
    isConnected: () => store.getState().status === 'connected',
    address: () => store.getState().connection?.accounts[0],
    beginConnect(connectorId) {
      const { status, connection } = store.getState()
      if (status === 'connected' && connection?.connectorId === connectorId) {
        throw new ConnectorAlreadyConnectedError(connectorId)
      }
      update({ status: 'connecting', pendingConnectorId: connectorId, error: undefined })
    },
    failConnect(error) {
      const { connection } = store.getState()
      update({ status: connection ? 'connected' : 'disconnected', pendingConnectorId: undefined, error })
    },
    setConnected(connection) {
      updateActive(connection)
      update({ status: 'connected', pendingConnectorId: undefined, error: undefined })
    },
    keep(kept) {
      const { connection } = store.getState()
      if (connection?.namespace === kept.namespace) return
      update({ connections: { ...store.getState().connections, [kept.namespace]: kept } })
    },
    setReconnecting(connection) {
      updateActive(connection)
      update({ status: 'reconnecting', error: undefined })
    },
    setAccounts(accounts) {
      const { connection } = store.getState()
      if (!connection) return
      if (accounts.length === 0) return this.setDisconnected(connection.namespace)
      updateActive({ ...connection, accounts })
    },
    setChainId(chainId) {
      const { connection } = store.getState()
      if (connection) updateActive({ ...connection, chainId })
    },
    setDisconnected(namespace) {
      if (namespace === undefined) return store.setState(initial)
      const { connections, connection } = store.getState()
      const { [namespace]: _gone, ...rest } = connections
      const active = connection && connection.namespace !== namespace ? connection : Object.values(rest)[0]
      if (!active) return store.setState(initial)
      update({ connections: rest, connection: active })
    },
  }
}
