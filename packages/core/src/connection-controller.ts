import { ConnectorAlreadyConnectedError, type PorticoError } from './errors.js'
import { createStore, type Store } from './store.js'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

export interface Connection {
  accounts: readonly string[]
  chainId: number
  connectorId: string
  connectorName: string
  connectorIcon?: string | undefined
}

export interface ConnectionState {
  status: ConnectionStatus
  /** Present while connected or reconnecting (a remembered connection being confirmed). */
  connection: Connection | undefined
  /** The connector a pending `connecting` is for. */
  pendingConnectorId: string | undefined
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
  setConnected(connection: Connection): void
  /** Shows a remembered connection right away while the wallet confirms it. */
  setReconnecting(connection: Connection): void
  setAccounts(accounts: readonly string[]): void
  setChainId(chainId: number): void
  setDisconnected(): void
}

export function createConnectionController(): ConnectionController {
  const initial: ConnectionState = {
    status: 'disconnected',
    connection: undefined,
    pendingConnectorId: undefined,
    error: undefined,
  }
  const store = createStore<ConnectionState>(initial)
  const update = (patch: Partial<ConnectionState>) => store.setState(patch)

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
      update({ status: 'connected', connection, pendingConnectorId: undefined, error: undefined })
    },
    setReconnecting(connection) {
      update({ status: 'reconnecting', connection, error: undefined })
    },
    setAccounts(accounts) {
      const { connection } = store.getState()
      if (!connection) return
      if (accounts.length === 0) {
        store.setState(initial)
        return
      }
      update({ connection: { ...connection, accounts } })
    },
    setChainId(chainId) {
      const { connection } = store.getState()
      if (connection) update({ connection: { ...connection, chainId } })
    },
    setDisconnected() {
      store.setState(initial)
    },
  }
}
