import type { Client } from 'viem'
import { isAddress, verifyMessage } from 'viem'
import { parseSiweMessage, type SiweMessage, verifySiweMessage } from 'viem/siwe'
import * as z from 'zod'
import { generateNonce, generateSessionId } from './nonce.js'
import { DEFAULT_NONCE_LIMITS, type NonceLimits, nonceIssuanceCounter } from './nonce-limits.js'
import {
  SiweInvalidMessageError,
  SiweInvalidSignatureError,
  SiweIssuedAtOutOfRangeError,
  SiweMessageExpiredError,
  SiweMessageNotYetValidError,
  SiweNonceExpiredError,
  SiweNonceReusedError,
  SiweTooManyNoncesError,
  SiweUnknownNonceError,
  SiweWrongChainError,
  SiweWrongDomainError,
  SiweWrongUriError,
} from './siwe-errors.js'
import { createMemorySiweStore, type SiweSession, type SiweStore } from './siwe-store.js'

/** How long an issued nonce may be signed, unless `nonceTtlMs` says otherwise: 5 minutes. */
export const DEFAULT_NONCE_TTL_MS = 5 * 60_000
/** How long a session lasts, unless `sessionTtlMs` says otherwise: 24 hours. */
export const DEFAULT_SESSION_TTL_MS = 24 * 60 * 60_000
/** How far a wallet's clock may be from ours, for `Issued At`. */
export const DEFAULT_CLOCK_SKEW_MS = 5 * 60_000

/** Options of `createSiwe`: the site and chains a message must name, and the limits. */
export interface CreateSiweOptions {
  /** The RFC 3986 authority (host and port) the messages must name: this site, as its visitors reach it. */
  domain: string | readonly string[]
  /** The chains a visitor may sign in on. */
  chainIds: readonly number[]
  /**
   * A viem client for a chain, to check smart-account signatures (ERC-1271 for deployed accounts,
   * ERC-6492 for counterfactual ones). Without it, or for a chain it returns nothing for, only
   * plain-key (EOA) signatures are accepted.
   */
  client?: ((chainId: number) => Client | undefined) | undefined
  /** Nonces and sessions; default: in memory. */
  store?: SiweStore | undefined
  /** How long an issued nonce may be signed; default 5 minutes. */
  nonceTtlMs?: number | undefined
  /** How long a session lasts; default 24 hours. */
  sessionTtlMs?: number | undefined
  /**
   * How far the message's `Issued At` may be ahead of our clock; it may be behind by at most the nonce's
   * lifetime plus this much (a message cannot have been issued before its nonce). Default 5 minutes.
   */
  clockSkewMs?: number | undefined
  /** How many nonces are issued per client and in total per window (default 30 and 10,000 a minute). */
  nonceLimits?: Partial<NonceLimits> | undefined
  /** The clock (epoch milliseconds), for tests. */
  now?: (() => number) | undefined
}

/** A signed message as the client posts it. */
export const siweVerifyRequestSchema = z.object({
  message: z.string().min(1).max(8_192),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/, 'must be 0x-prefixed hex'),
})

/** A signed message as the client posts it: the EIP-4361 text and its hex signature. */
export type SiweVerifyRequest = z.infer<typeof siweVerifyRequestSchema>

/** A dApp backend's Sign-In With Ethereum, as `createSiwe` returns it. */
export interface Siwe {
  /**
   * Issues a single-use nonce that expires after `nonceTtlMs`. `client` (the caller's IP, say) is counted
   * against the per-client limit; over a limit it throws SiweTooManyNoncesError.
   */
  issueNonce(client?: string): Promise<string>
  /**
   * Checks a signed EIP-4361 message (domain, chain, lifetime, nonce, signature) and opens a session.
   * Throws a SiweError naming the rule it broke; the nonce is spent either way once it was found.
   */
  verify(request: SiweVerifyRequest): Promise<SiweSession>
  /** The session by id; undefined when unknown or expired. */
  getSession(id: string): Promise<SiweSession | undefined>
  /** Ends the session `id` (nothing happens for an unknown one). */
  signOut(id: string): Promise<void>
}

/** The server side of Sign-In With Ethereum (EIP-4361) for a dApp's backend. */
export function createSiwe(options: CreateSiweOptions): Siwe {
  const now = options.now ?? Date.now
  const store = options.store ?? createMemorySiweStore({ now })
  const domains = typeof options.domain === 'string' ? [options.domain] : options.domain
  const nonceTtlMs = options.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS
  const sessionTtlMs = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS
  const clockSkewMs = options.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS
  const issuance = nonceIssuanceCounter({ ...DEFAULT_NONCE_LIMITS, ...options.nonceLimits })

  async function verify(request: SiweVerifyRequest): Promise<SiweSession> {
    const parsed = siweVerifyRequestSchema.safeParse(request)
    if (!parsed.success) throw new SiweInvalidMessageError('message and signature are required')
    const { signature } = parsed.data
    const message = readMessage(parsed.data.message)
    if (!domains.includes(message.domain)) throw new SiweWrongDomainError(message.domain)
    if (!isOnSite(message.uri, message.domain)) throw new SiweWrongUriError(message.uri)
    if (!options.chainIds.includes(message.chainId)) throw new SiweWrongChainError(message.chainId)
    const time = new Date(now())
    const issuedAgo = time.getTime() - message.issuedAt.getTime()
    if (issuedAgo < -clockSkewMs || issuedAgo > nonceTtlMs + clockSkewMs)
      throw new SiweIssuedAtOutOfRangeError()
    if (message.expirationTime && time >= message.expirationTime) throw new SiweMessageExpiredError()
    if (message.notBefore && time < message.notBefore) throw new SiweMessageNotYetValidError()

    // Spent before the signature is checked: one nonce, one attempt.
    const nonceState = await store.consumeNonce(message.nonce, time.getTime())
    if (nonceState === 'unknown') throw new SiweUnknownNonceError()
    if (nonceState === 'used') throw new SiweNonceReusedError()
    if (nonceState === 'expired') throw new SiweNonceExpiredError()

    const hex = signature as `0x${string}`
    const client = options.client?.(message.chainId)
    const valid = await (client
      ? verifySiweMessage(client, { message: parsed.data.message, signature: hex, time })
      : verifyMessage({ address: message.address, message: parsed.data.message, signature: hex })
    ).catch(() => false)
    if (!valid) throw new SiweInvalidSignatureError()

    const issuedAt = time.getTime()
    const session: SiweSession = {
      id: generateSessionId(),
      address: message.address,
      chainId: message.chainId,
      issuedAt,
      expiresAt: Math.min(
        issuedAt + sessionTtlMs,
        message.expirationTime?.getTime() ?? Number.POSITIVE_INFINITY,
      ),
    }
    await store.putSession(session)
    return session
  }

  return {
    async issueNonce(client) {
      const retryAfter = issuance.take(client, now())
      if (retryAfter !== undefined) throw new SiweTooManyNoncesError(retryAfter)
      const nonce = generateNonce()
      await store.putNonce(nonce, now() + nonceTtlMs)
      return nonce
    },
    verify,
    async getSession(id) {
      const session = await store.getSession(id)
      if (!session) return undefined
      if (session.expiresAt > now()) return session
      await store.deleteSession(id)
      return undefined
    },
    signOut: (id) => store.deleteSession(id),
  }
}

type CheckedMessage = Pick<SiweMessage, 'address' | 'chainId' | 'domain' | 'nonce' | 'uri'> & {
  issuedAt: Date
} & Partial<Pick<SiweMessage, 'expirationTime' | 'notBefore'>>

/** EIP-4361's URI is the resource signed in to: on the site the domain names (same host and port). */
function isOnSite(uri: string, domain: string): boolean {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  // URL drops a scheme's default port; the domain may spell it out.
  const defaultPort = url.protocol === 'https:' ? '443' : '80'
  return url.host === domain || `${url.host}:${defaultPort}` === domain
}

/** Parses the message with viem and insists on the fields a sign-in relies on. */
function readMessage(text: string): CheckedMessage {
  const fields = parseSiweMessage(text)
  if (!fields.domain) throw new SiweInvalidMessageError('no domain')
  if (!fields.address || !isAddress(fields.address, { strict: false }))
    throw new SiweInvalidMessageError('no valid address')
  if (fields.version !== '1') throw new SiweInvalidMessageError('version must be 1')
  if (!fields.nonce || !/^[a-zA-Z0-9]{8,}$/.test(fields.nonce))
    throw new SiweInvalidMessageError('no valid nonce')
  if (typeof fields.chainId !== 'number' || !Number.isSafeInteger(fields.chainId))
    throw new SiweInvalidMessageError('no chain id')
  for (const key of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = fields[key]
    if (value && Number.isNaN(value.getTime())) throw new SiweInvalidMessageError(`${key} is not a date`)
  }
  if (!fields.issuedAt) throw new SiweInvalidMessageError('no issued-at time')
  if (!fields.uri) throw new SiweInvalidMessageError('no URI')
  return {
    domain: fields.domain,
    uri: fields.uri,
    issuedAt: fields.issuedAt,
    address: fields.address,
    chainId: fields.chainId,
    nonce: fields.nonce,
    expirationTime: fields.expirationTime,
    notBefore: fields.notBefore,
  }
}
