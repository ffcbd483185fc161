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

/** The connected account, as `useAccount()` returns it. */
export interface UseAccountResult {
  /** `'disconnected'`, `'connecting'`, `'reconnecting'` (a remembered wallet on page load) or `'connected'`. */
  status: ConnectionStatus
  /** `status === 'connected'`. */
  isConnected: boolean
  /** The account's address (`0x…` on EVM, base58 on Solana); undefined while not connected. */
  address: string | undefined
  /** The wallet's chain: an EVM chain id number, or a CAIP-2 id for other namespaces (`solana:…`). */
  chainId: ChainId | undefined
  /** The id of the connector the wallet connected through (an EIP-6963 rdns, `walletConnect`, `auth`…). */
  connectorId: string | undefined
  /** The wallet's display name, e.g. `"MetaMask"`. */
  connectorName: string | undefined
  /** The network token's balance on `chainId`, in base units with its decimals and symbol. */
  balance: Balance | undefined
  /** Balance with 3 decimals, e.g. `"1.234"`. */
  formattedBalance: string | undefined
  /** `'idle'`, `'loading'`, `'ready'` or `'error'`: where fetching `balance` stands. */
  balanceStatus: AccountState['balanceStatus']
  /** The account's name (ENS or Portico name) once looked up; undefined when it has none. */
  profileName: string | undefined
  /** The avatar URL of `profileName`, when it has one. */
  profileImage: string | undefined
}

const selectConnection = (state: ConnectionState) => state
const selectAccount = (state: AccountState) => state

/**
 * The connected account: its address, chain, wallet, balance and name. Re-renders when any of them
 * changes. Must be called under `<PorticoProvider>`.
 *
 * @example
 * ```tsx
 * function Account() {
 *   const { isConnected, address, formattedBalance, balance } = useAccount()
 *   if (!isConnected) return <ConnectButton />
 *   return <p>{address}: {formattedBalance} {balance?.symbol}</p>
 * }
 * ```
 */
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
