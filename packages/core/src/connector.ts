import type { ChainNamespace } from './caip.js'

/** How a visitor reaches a wallet (spec §3). */
export type ConnectorType = 'INJECTED' | 'WALLET_CONNECT' | 'ANNOUNCED' | 'AUTH' | 'MULTI_CHAIN'

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
}

/** The id of the embedded wallet reached by e-mail or social sign-in (connector type AUTH). */
export const AUTH_CONNECTOR_ID = 'auth'
