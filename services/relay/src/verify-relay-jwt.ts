import { createPublicKey, verify } from 'node:crypto'
import { decodeIss } from '@walletconnect/relay-auth'
import { z } from 'zod'
import { RelayAuthError } from './relay-errors.js'

const DID_KEY_PREFIX = 'did:key:z'
/** Clock difference tolerated between client and relay for `iat` and `exp`. */
export const JWT_CLOCK_SKEW_SECONDS = 60

const headerSchema = z.object({ alg: z.literal('EdDSA'), typ: z.literal('JWT') })
const payloadSchema = z.object({
  iss: z.string().startsWith(DID_KEY_PREFIX),
  sub: z.string().optional(),
  aud: z.string(),
  iat: z.number(),
  exp: z.number(),
})

export interface RelayClaims {
  /** did:key of the client: its stable identity for mailboxes and acks. */
  clientId: string
  audience: string
  expiresAt: number
}

/**
 * Checks the client's `auth` JWT: EdDSA over `header.payload` with the ed25519 key named by the did:key
 * issuer, not expired, not issued in the future, and addressed to this relay.
 */
export function verifyRelayJwt(
  token: string | null | undefined,
  acceptedAudiences: ReadonlySet<string>,
  nowSeconds = Date.now() / 1000,
): RelayClaims {
  if (!token) throw new RelayAuthError('Missing auth token')
  const parts = token.split('.')
  if (parts.length !== 3) throw new RelayAuthError('Malformed auth token')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = headerSchema.safeParse(decodeJsonPart(headerPart))
  if (!header.success) throw new RelayAuthError('Unsupported auth token header')
  const payload = payloadSchema.safeParse(decodeJsonPart(payloadPart))
  if (!payload.success) throw new RelayAuthError('Malformed auth token claims')
  const claims = payload.data

  const publicKey = ed25519KeyFromDid(claims.iss)
  const signature = Buffer.from(signaturePart, 'base64url')
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'utf8')
  if (signature.length !== 64 || !verify(null, signed, publicKey, signature)) {
    throw new RelayAuthError('Invalid auth token signature')
  }
  if (claims.exp <= nowSeconds - JWT_CLOCK_SKEW_SECONDS) throw new RelayAuthError('Auth token expired')
  if (claims.iat > nowSeconds + JWT_CLOCK_SKEW_SECONDS)
    throw new RelayAuthError('Auth token issued in the future')
  if (!acceptedAudiences.has(normalizeRelayUrl(claims.aud))) {
    throw new RelayAuthError('Auth token audience is not this relay')
  }
  return { clientId: claims.iss, audience: claims.aud, expiresAt: claims.exp }
}

/** Compares relay URLs the way clients write them: case-insensitive scheme and host, no trailing slash. */
export function normalizeRelayUrl(url: string) {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`
  } catch {
    return url.replace(/\/+$/, '')
  }
}

function decodeJsonPart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

/** The ed25519 key a did:key issuer names (decoded by WalletConnect's relay-auth, as the clients encode it). */
function ed25519KeyFromDid(did: string) {
  let key: Uint8Array
  try {
    key = decodeIss(did)
  } catch {
    throw new RelayAuthError('Auth token issuer is not an ed25519 did:key')
  }
  try {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key).toString('base64url') },
      format: 'jwk',
    })
  } catch {
    throw new RelayAuthError('Auth token issuer is not a valid ed25519 key')
  }
}
