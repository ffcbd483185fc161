import type { AuthContext } from '../auth-context.js'
import { AuthError } from '../auth-errors.js'
import { longPoll } from '../clock.js'
import { startSession } from '../sessions.js'
import type { RedeemAnswer } from '../social/login-results.js'
import { findOrCreateSocialUser } from '../users.js'
import { REJECTED_MESSAGE } from './farcaster-channels.js'
import { verifyFarcasterMessage } from './verify-farcaster-message.js'

/**
 * Waits (≤ longPollMs, polling the database so any replica may have received the approval) for the
 * device's channel to be answered, then redeems it once: deleting the row is the single use, and the
 * session is minted in the same transaction after the message is verified.
 */
export async function redeemFarcasterChannel(
  ctx: AuthContext,
  channelToken: string,
  deviceId: string,
): Promise<RedeemAnswer> {
  const known = await ctx.db
    .selectFrom('farcaster_channels')
    .select('channel_token')
    .where('channel_token', '=', channelToken)
    .where('device_id', '=', deviceId)
    .executeTakeFirst()
  if (!known) throw new AuthError('NOT_FOUND', 'Unknown or already used Farcaster channel')
  const domain = new URL(ctx.publicUrl).host
  const answer = await longPoll(
    () =>
      ctx.db.transaction().execute(async (trx): Promise<RedeemAnswer | undefined> => {
        const now = ctx.now()
        const channel = await trx
          .deleteFrom('farcaster_channels')
          .where('channel_token', '=', channelToken)
          .where('device_id', '=', deviceId)
          .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('expires_at', '<=', now)]))
          .returningAll()
          .executeTakeFirst()
        if (!channel) return undefined
        if (channel.status === 'rejected') return { status: 'error', message: REJECTED_MESSAGE }
        if (channel.status !== 'completed' || channel.expires_at <= now) {
          return { status: 'error', message: 'The Farcaster sign-in expired. Try again.' }
        }
        const verified = await verifyFarcasterMessage(trx, ctx.masterKey, channel, { domain, now })
        if (!verified.ok) return { status: 'error', message: verified.message }
        const user = await findOrCreateSocialUser(trx, {
          provider: 'farcaster',
          subject: String(verified.fid),
          email: null,
          userName: verified.username,
        })
        return { status: 'done', ...(await startSession(trx, user, deviceId, now)) }
      }),
    ctx.longPollMs,
    ctx.closing,
  )
  return answer ?? { status: 'pending' }
}
