import {
  type AccountState,
  type Balance,
  type ChainId,
  type ConnectionState,
  type ConnectionStatus,
  formatUnitsTruncated,
} from '@portico/core'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

export interface UseAccountResult {
  status: ConnectionStatus
  isConnected: boolean
  address: string | undefined
  chainId: ChainId | undefined
  connectorId: string | undefined
  connectorName: string | undefined
  balance: Balance | undefined
  /** Balance with 3 decimals, e.g. `"1.234"`. */
  formattedBalance: string | undefined
  balanceStatus: AccountState['balanceStatus']
  profileName: string | undefined
  profileImage: string | undefined
}

const selectConnection = (state: ConnectionState) => state
const selectAccount = (state: AccountState) => state

export function useAccount(): UseAccountResult {
  const portico = usePortico()
  const { status, connection } = useStore(portico.connection.store, selectConnection)
  const { balance, balanceStatus, profileName, profileImage } = useStore(portico.account.store, selectAccount)
  return {
    status,
    isConnected: status === 'connected',
    address: connection?.accounts[0],
    chainId: connection?.chainId,
    connectorId: connection?.connectorId,
    connectorName: connection?.connectorName,
    balance,
    formattedBalance: balance ? formatUnitsTruncated(BigInt(balance.value), balance.decimals) : undefined,
    balanceStatus,
    profileName,
    profileImage,
  }
}
