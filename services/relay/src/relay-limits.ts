import { DEFAULT_MAX_TTL_SECONDS } from './message-record.js'

/**
 * Per-client quotas. A client is one did:key (the relay JWT's `iss`); sockets are also counted per IP
 * because anyone can mint a new did:key. The defaults sit far above what a WalletConnect client does
 * (a pairing publishes three messages of about 1 KB; a wallet keeps a few tabs open).
 */
export interface RelayLimits {
  /** Open sockets of one client id (browser tabs share theirs). */
  maxSocketsPerClient: number
  /** Open sockets from one remote address; behind a proxy that is the proxy's address. */
  maxSocketsPerIp: number
  /** Sustained publishes per second of one client (each message of a batch counts). */
  publishesPerSecond: number
  /** Publishes one client may send at once before the sustained rate applies. */
  publishBurst: number
  /** Bytes of unexpired messages one client may have stored in the mailbox. */
  maxStoredBytesPerClient: number
  /** Bytes of unexpired messages the clients of one remote address may store together (client ids are free). */
  maxStoredBytesPerIp: number
  /** Bytes of unexpired messages this relay process stores for everyone together: the disk's safety margin. */
  maxStoredBytesTotal: number
  /** Topics one socket may be subscribed to. */
  maxTopicsPerSocket: number
  /** Longest lifetime of a message (seconds); longer TTLs are lowered to it. */
  maxTtlSeconds: number
}

export const DEFAULT_RELAY_LIMITS: Readonly<RelayLimits> = Object.freeze({
  maxSocketsPerClient: 20,
  maxSocketsPerIp: 200,
  publishesPerSecond: 20,
  publishBurst: 100,
  maxStoredBytesPerClient: 16 * 1024 * 1024,
  maxStoredBytesPerIp: 32 * 1024 * 1024,
  maxStoredBytesTotal: 1024 * 1024 * 1024,
  maxTopicsPerSocket: 1_000,
  maxTtlSeconds: DEFAULT_MAX_TTL_SECONDS,
})
