import type { ChainNamespace } from './caip.js'

/** How a visitor reaches a wallet (spec §3). */
export type ConnectorType = 'INJECTED' | 'WALLET_CONNECT' | 'ANNOUNCED' | 'AUTH' | 'MULTI_CHAIN'

/** A wallet the modal lists, and the way to connect it. */
export interface Connector {
  id: string
  name: string
  type: ConnectorType
  /** The CAIP-2 namespace of the adapter that found it and connects it. */
  namespace: ChainNamespace
  /** Inline icon (EIP-6963 data URI) or an image URL. */
  imageUrl?: string | undefined
  imageId?: string | undefined
  explorerId?: string | undefined
  info?: { rdns?: string | undefined } | undefined
  /** True when the wallet is present in this browser. */
  installed: boolean
  /** MULTI_CHAIN: the wallet's connector in each namespace; the visitor picks which one connects. */
  providers?: readonly Connector[] | undefined
}

/** The id of the embedded wallet reached by e-mail or social sign-in (connector type AUTH). */
export const AUTH_CONNECTOR_ID = 'auth'

/**
 * The id of the WalletConnect connector (pairing by QR code or link with a wallet elsewhere). Its session
 * may hold accounts in several namespaces: each namespace's adapter serves those of its own.
 */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletconnect'

/** The state of `portico.connectors`. */
export interface ConnectorsState {
  /** Every adapter's wallets, as the Connect view lists them. */
  connectors: readonly Connector[]
}
