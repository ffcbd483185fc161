import type { Kysely, Transaction } from 'kysely'
import { isAddressEqual, isHex, verifyMessage } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { AuthDatabase } from '../auth-database.js'
import { registeredAccount } from './farcaster-accounts.js'
import { FARCASTER_CHANNEL_TTL_MS, type FarcasterChannel } from './farcaster-channels.js'

/** Clock difference tolerated between the signing client and this service. */
const CLOCK_SKEW_MS = 60 * 1000

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>

export type FarcasterVerification =
  | { ok: true; fid: number; username: string }
  | { ok: false; message: string }

const fail = (message: string): FarcasterVerification => ({ ok: false, message })

/**
 * Checks a completed channel's Sign In With Farcaster message on its own terms, trusting nothing the
 * relay (or whoever authenticated it) claimed: our nonce and domain, the fid resource, the time window,
 * and a signature by the custody address our registry holds for that fid.
 */
export async function verifyFarcasterMessage(
  db: Db,
  masterKey: Buffer,
  channel: FarcasterChannel,
  expected: { domain: string; now: Date },
): Promise<FarcasterVerification> {
  const { message, signature, fid } = channel
  if (!message || !signature || fid === null) return fail('The Farcaster sign-in is incomplete')
  const fields = parseSiweMessage(message)
  if (fields.nonce !== channel.nonce) return fail('The Farcaster message has the wrong nonce')
  if (fields.domain !== expected.domain) return fail('The Farcaster message is for another domain')
  if (!fields.resources?.includes(`farcaster://fid/${fid}`)) {
    return fail('The Farcaster message does not name the fid')
  }
  const now = expected.now.getTime()
  if (fields.expirationTime && fields.expirationTime.getTime() <= now) {
    return fail('The Farcaster message has expired')
  }
  if (fields.notBefore && fields.notBefore.getTime() > now)
    return fail('The Farcaster message is not valid yet')
  // Signed while this channel was open: an older message (its nonce since reused) does not count.
  const openedAt = channel.expires_at.getTime() - FARCASTER_CHANNEL_TTL_MS
  const issuedAt = fields.issuedAt?.getTime()
  if (issuedAt === undefined || issuedAt < openedAt - CLOCK_SKEW_MS || issuedAt > now + CLOCK_SKEW_MS) {
    return fail('The Farcaster message was not issued for this sign-in')
  }
  const account = await registeredAccount(db, masterKey, fid)
  if (!account) return fail('The fid is not registered')
  if (!fields.address || !isAddressEqual(fields.address, account.custody)) {
    return fail('The Farcaster message is not from the custody address')
  }
  const valid =
    isHex(signature) &&
    (await verifyMessage({ address: account.custody, message, signature }).catch(() => false))
  if (!valid) return fail('The Farcaster signature is invalid')
  return { ok: true, fid, username: account.username }
}
