import {
  type Balance,
  type ChainId,
  type Connection,
  type ConnectionState,
  type ConnectionStatus,
  type EvmAddress,
  formatUnitsTruncated,
  type SolanaAddress,
} from '@portico/core'
import type { AccountState } from '@portico/core/internal'
import { usePortico } from './use-portico.js'
import { useStore } from './use-store.js'

/**
 * The account's address by its namespace: check `namespace` and `address` is typed for it (a
 * `` `0x${string}` `` on `eip155`, as viem and wagmi take it).
 */
export type UseAccountAddress =
  | {
      /** An EVM account. */
      namespace: 'eip155'
      /** The account's address, `0x…`. */
      address: EvmAddress
    }
  | {
      /** A Solana account. */
      namespace: 'solana'
      /** The account's base58 address. */
      address: SolanaAddress
    }
  | {
      /** No account: not connected. */
      namespace: undefined
      /** No account: not connected. */
      address: undefined
    }

/** The connected account, as `useAccount()` returns it. */
export type UseAccountResult = UseAccountAddress & UseAccountFields

/** What `useAccount()` returns besides the address. */
export interface UseAccountFields {
  /** `'disconnected'`, `'connecting'`, `'reconnecting'` (a remembered wallet on page load) or `'connected'`. */
  status: ConnectionStatus
  /** `status === 'connected'`. */
  isConnected: boolean
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

/** The active account, typed by its namespace (the adapters check the addresses wallets give). */
function accountAddress(connection: Connection | undefined): UseAccountAddress {
  const address = connection?.accounts[0]
  if (address !== undefined && connection?.namespace === 'eip155')
    return { namespace: 'eip155', address: address as EvmAddress }
  if (address !== undefined && connection?.namespace === 'solana')
    return { namespace: 'solana', address: address as SolanaAddress }
  return { namespace: undefined, address: undefined }
}
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
    ...accountAddress(connection),
    status,
    isConnected: status === 'connected',
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
