import type { Kysely, Selectable, Updateable } from 'kysely'
import { generateSiweNonce } from 'viem/siwe'
import type { AuthDatabase, FarcasterChannelsTable } from '../auth-database.js'
import { AuthError } from '../auth-errors.js'
import { randomToken } from '../secrets.js'
import { registeredAccount } from './farcaster-accounts.js'

export const FARCASTER_CHANNEL_TTL_MS = 10 * 60 * 1000
/** Expired channels linger a day (so a late poll still learns it expired), then go on the next open. */
const CHANNEL_CLEANUP_AFTER_MS = 24 * 60 * 60 * 1000
export const REJECTED_MESSAGE = 'Sign-in was rejected'

export type FarcasterChannel = Selectable<FarcasterChannelsTable>

/** What the visitor opens (or scans): the local Farcaster client's approval page. */
export const approveUrl = (publicUrl: string, channelToken: string) =>
  `${publicUrl}/farcaster/approve?channelToken=${encodeURIComponent(channelToken)}`

/**
 * Opens a channel. Its nonce is single-use: a nonce that named an earlier channel (still kept, or
 * redeemed and gone) is 409 CONFLICT, so a message signed for one channel never completes another.
 */
export async function openChannel(
  db: Kysely<AuthDatabase>,
  input: {
    domain: string
    uri: string
    nonce?: string | undefined
    deviceId: string | null
    site?: string | undefined
    now: Date
  },
): Promise<FarcasterChannel> {
  const cleanupBefore = new Date(input.now.getTime() - CHANNEL_CLEANUP_AFTER_MS)
  await db.deleteFrom('farcaster_channels').where('expires_at', '<', cleanupBefore).execute()
  // A nonce is remembered as long as a message carrying it could still verify (see verifyFarcasterMessage).
  await db.deleteFrom('farcaster_nonces').where('expires_at', '<', cleanupBefore).execute()
  const nonce = input.nonce ?? generateSiweNonce()
  const expiresAt = new Date(input.now.getTime() + FARCASTER_CHANNEL_TTL_MS)
  const claimed = await db
    .insertInto('farcaster_nonces')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst()
  if (!claimed) throw new AuthError('CONFLICT', 'This nonce was already used for another channel')
  return db
    .insertInto('farcaster_channels')
    .values({
      channel_token: randomToken(),
      nonce,
      domain: input.domain,
      uri: input.uri,
      status: 'pending',
      device_id: input.deviceId,
      site: input.site ?? null,
      expires_at: expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The channel unless unknown or expired. */
export function findLiveChannel(db: Kysely<AuthDatabase>, channelToken: string, now: Date) {
  return db
    .selectFrom('farcaster_channels')
    .selectAll()
    .where('channel_token', '=', channelToken)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

export interface ChannelAuthentication {
  message: string
  signature: string
  fid: number
  username: string
  displayName?: string | undefined
  pfpUrl?: string | undefined
}

/**
 * Records a Farcaster client's signed message on a pending channel. The signature is not checked here
 * (as on the public relay): whoever redeems the channel verifies it. Custody comes from the registry.
 */
export async function authenticateChannel(
  db: Kysely<AuthDatabase>,
  masterKey: Buffer,
  channelToken: string,
  input: ChannelAuthentication,
  now: Date,
): Promise<FarcasterChannel> {
  const account = await registeredAccount(db, masterKey, input.fid)
  if (!account || account.username !== input.username) {
    throw new AuthError('BAD_REQUEST', 'Invalid fid: not registered under that username')
  }
  return answerChannel(db, channelToken, now, {
    status: 'completed',
    message: input.message,
    signature: input.signature,
    fid: input.fid,
    username: input.username,
    display_name: input.displayName ?? null,
    pfp_url: input.pfpUrl ?? null,
    custody: account.custody,
  })
}

/** The visitor declined: the login answers with an error. */
export function rejectChannel(db: Kysely<AuthDatabase>, channelToken: string, now: Date) {
  return answerChannel(db, channelToken, now, { status: 'rejected' })
}

/** Sets the answer on a live pending channel; the status condition makes the first answer the only one. */
async function answerChannel(
  db: Kysely<AuthDatabase>,
  channelToken: string,
  now: Date,
  answer: Updateable<FarcasterChannelsTable> & { status: 'completed' | 'rejected' },
): Promise<FarcasterChannel> {
  const row = await db
    .updateTable('farcaster_channels')
    .set(answer)
    .where('channel_token', '=', channelToken)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw new AuthError('CONFLICT', 'The channel is unknown, expired or already answered')
  return row
}
