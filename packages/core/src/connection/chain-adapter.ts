import type { Balance } from './account-controller.js'
import type { ChainId, ChainNamespace } from './caip.js'
import type { Connection } from './connection-controller.js'
import type { Connector } from './connector.js'
import type { Network } from './networks.js'
import type { WalletConnectSession } from './walletconnect-session.js'

export interface AdapterContext {
  networks: readonly Network[]
  rpcUrl(chainId: ChainId): string
  rpcTimeoutMs: number
  /** The chain API, whose RPC gateway the adapter reads chains through before their own RPC URL. */
  chainApiUrl?: string | undefined
  /** WalletConnect: the relay, the project id and the dApp's metadata shown in the wallet. */
  relayUrl: string
  projectId: string
  metadata:
    | { name: string; description?: string | undefined; url: string; icons?: string[] | undefined }
    | undefined
  /** The embedded wallet's EIP-1193 provider (the AUTH connector), once the wallet frame is loaded. */
  authProvider?: () => unknown
  /** Sign-In With Ethereum while pairing (WalletConnect one-click auth), when the dApp signs visitors in. */
  oneClickSignIn?: OneClickSignIn | undefined
  /**
   * The kernel's connection in `namespace`, active or kept beside the active one: an adapter may hold a
   * connection another adapter made (a WalletConnect session's Solana accounts) and routes its calls by it.
   */
  connectionOf?: ((namespace: ChainNamespace) => Connection | undefined) | undefined
  /** The WalletConnect session, shared by every namespace it holds accounts in; loads its SDK on first call. */
  walletConnect?: (() => Promise<WalletConnectSession>) | undefined
}

/** The fields of the sign-in message a wallet is asked to sign as it pairs (CAIP-122 / EIP-4361). */
export interface OneClickSignInRequest {
  domain: string
  uri: string
  /** Fresh from the dApp's backend for each pairing. */
  nonce: string
  statement?: string | undefined
  resources?: string[] | undefined
  /** ISO 8601 instant the signature stops being valid. */
  expirationTime?: string | undefined
}

/** What the SIWE feature lends an adapter so a wallet can connect and sign in with one approval. */
export interface OneClickSignIn {
  request(): Promise<OneClickSignInRequest>
  /**
   * The wallet signed `message` while pairing: the dApp's backend checks it. True when the visitor is
   * signed in as `address` on `chainId`; false leaves the usual sign-in step after connecting.
   */
  complete(signed: { message: string; signature: string; address: string; chainId: number }): Promise<boolean>
}

export interface ConnectOptions {
  /** WalletConnect: called with each `wc:` pairing URI the connector makes. */
  onUri?: ((uri: string) => void) | undefined
  /** The network the visitor chose before connecting: the wallet is asked to connect on it. */
  chainId?: ChainId | undefined
}

export type AdapterEvent =
  | { type: 'accountsChanged'; accounts: readonly string[] }
  | { type: 'chainChanged'; chainId: ChainId }
  | { type: 'disconnect' }

/** A transaction for `portico.sendTransaction` or `estimateFee`, in the connected namespace. */
export interface TransactionRequest {
  /** The recipient (or the contract called). */
  to: string
  /** The amount in base units: wei on EVM, lamports on Solana. */
  value: bigint
  /** EVM call data (`0x…`). */
  data?: string | undefined
  /**
   * A token transfer of `value` base units to `to` (Solana: an SPL mint); absent: the native token. EVM
   * sends tokens as contract calls in `data` instead.
   */
  token?: { address: string; decimals: number } | undefined
  /** A fee estimate to send with: the transaction then costs at most its `maxFee`. */
  fee?: FeeEstimate | undefined
}

/** What a transaction would cost, in the smallest unit of the network's native token. */
export interface FeeEstimate {
  /** The likely cost at the current price. */
  fee: bigint
  /** The most it may cost: the balance must hold this (plus the value sent) for the network to accept it. */
  maxFee: bigint
  /** The adapter's own terms behind the estimate (limits, prices), passed back to it with the transaction. */
  terms: Readonly<Record<string, bigint>>
  /**
   * The part of `fee` that is a deposit rather than a price: a Solana token account the send creates for
   * its receiver holds it as rent. The form says so beside the fee.
   */
  deposit?: bigint | undefined
}

/**
 * A wallet's answer to connect: its connection, and the same wallet's accounts in other namespaces (a
 * WalletConnect session's `solana:` accounts, the embedded wallet's Solana address), which the kernel keeps
 * beside it so a switch of namespace needs no second approval.
 */
export type WalletConnection = Connection & { also?: readonly Connection[] | undefined }

/** The heavy half of a chain adapter: wallet SDKs, loaded only when a visitor needs them. */
export interface ChainAdapter {
  connect(connectorId: string, options?: ConnectOptions): Promise<WalletConnection>
  /**
   * Resolves the remembered connection when the wallet still authorizes it silently; `chainId` is the
   * network it was on (a wallet that does not track one itself, as a Solana wallet, is back on it).
   */
  reconnect(
    connectorId: string,
    options?: { chainId?: ChainId | undefined },
  ): Promise<WalletConnection | undefined>
  disconnect(): Promise<void>
  switchChain(chainId: ChainId): Promise<void>
  getBalance(address: string, chainId: ChainId): Promise<Balance>
  signMessage(message: string): Promise<string>
  sendTransaction(request: TransactionRequest): Promise<string>
  /** What `request` sent from `from` on `chainId` would cost; rejects when the network refuses it as it is. */
  estimateFee?(request: TransactionRequest & { from: string }, chainId: ChainId): Promise<FeeEstimate>
  /** Resolves once the transaction is in a block. */
  waitForTransaction(hash: string, chainId: ChainId): Promise<{ status: 'success' | 'reverted' }>
  subscribe(listener: (event: AdapterEvent) => void): () => void
  /** The adapter that owns the WalletConnect connector: its session, for the other namespaces' adapters. */
  walletConnect?(): Promise<WalletConnectSession>
  /**
   * The connected wallet's own provider (EVM: EIP-1193), whatever kind of wallet it is, for a library the
   * dApp drives the wallet with besides Portico (wagmi). Undefined while nothing is connected.
   */
  provider?(): Promise<unknown>
}

/**
 * The light half, imported with the app: it lists the wallets present on the page without
 * loading any SDK, and knows how to load the heavy half on demand.
 */
export interface ChainAdapterFactory {
  /** The CAIP-2 namespace the adapter serves; the kernel keeps one adapter per namespace. */
  namespace: ChainNamespace
  /** Whether `address` is an account address of this namespace (checked on every wallet answer). */
  isAddress(address: string): boolean
  /**
   * Whether the adapter reaches `network` through the dApp's own RPC URL rather than the local devnet:
   * only then does the network's public block explorer know its accounts (EVM chains: `rpcUrls`).
   */
  hasOwnRpcUrl?(network: Pick<Network, 'caipNetworkId' | 'chainId'>): boolean
  watchConnectors(
    /** The config's discovery switches, and its explorer, which serves the connectors' logos. */
    options: { enableEIP6963: boolean; enableInjected: boolean; explorerUrl: string },
    onChange: (connectors: readonly Connector[]) => void,
  ): () => void
  load(context: AdapterContext): Promise<ChainAdapter>
}
