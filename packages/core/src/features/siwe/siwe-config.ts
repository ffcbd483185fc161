declare module '../../modal/router.js' {
  interface ViewRegistry {
    /** Sign-In With Ethereum: the visitor signs the dApp's message after connecting. */
    ConnectingSiwe: undefined
  }
}

/** Who the dApp's backend says is signed in. */
export interface SiweSession {
  address: string
  chainId: number
}

/** The dApp's part of the message: its site, its wording and how long a signature is good for. */
export interface SiweMessageParams {
  /** The RFC 3986 authority asking (host and port); default: the page's. */
  domain: string
  /** The resource the sign-in is for; default: the page's origin. */
  uri: string
  statement?: string | undefined
  resources?: string[] | undefined
  /** Seconds the signature stays valid (the message's Expiration Time). */
  expiry?: number | undefined
}

/** Everything an EIP-4361 message holds, for the dApp's `createMessage`. */
export interface SiweCreateMessageArgs extends SiweMessageParams {
  /** The account, checksummed `0x…` as the wallet reported it. */
  address: string
  chainId: number
  nonce: string
  version: '1'
  /** ISO 8601 instants. */
  issuedAt: string
  expirationTime?: string | undefined
}

/** What `SiweConfig.verifyMessage` gets: the message the visitor signed and the signature. */
export interface SiweVerifyMessageArgs {
  /** The EIP-4361 message text. */
  message: string
  /** The wallet's signature (`0x…`). */
  signature: string
}

/**
 * Sign-In With Ethereum, as Web3Modal's SIWE config has it: the dApp's backend issues the nonce,
 * checks the signed message and keeps the session; Portico asks the visitor to sign after connecting.
 */
export interface SiweConfig {
  getNonce(address?: string): Promise<string>
  /** The domain, URI, statement…; default: the page's host and origin. */
  getMessageParams?: (() => Promise<SiweMessageParams>) | undefined
  createMessage(args: SiweCreateMessageArgs): string
  /** True when the backend accepted the signature and opened a session. */
  verifyMessage(args: SiweVerifyMessageArgs): Promise<boolean>
  getSession(): Promise<SiweSession | null>
  signOut(): Promise<boolean>
  onSignIn?: ((session: SiweSession) => void) | undefined
  onSignOut?: (() => void) | undefined
  /** Default true. */
  enabled?: boolean | undefined
  /** Sign out when the wallet disconnects; default true. */
  signOutOnDisconnect?: boolean | undefined
  /** Sign out, and ask to sign in again, when the wallet switches account; default true. */
  signOutOnAccountChange?: boolean | undefined
  /** Sign out, and ask to sign in again, when the wallet switches network; default true. */
  signOutOnNetworkChange?: boolean | undefined
}

const REQUIRED = ['getNonce', 'createMessage', 'verifyMessage', 'getSession', 'signOut'] as const

/** Whether a value has the functions a SIWE config needs (the config schema's check). */
export function isSiweConfig(value: unknown): value is SiweConfig {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    REQUIRED.every((key) => typeof record[key] === 'function') &&
    (record.getMessageParams === undefined || typeof record.getMessageParams === 'function')
  )
}
