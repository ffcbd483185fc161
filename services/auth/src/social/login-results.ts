import type { SocialResultResponse } from '@portico/wire'
import type { AuthContext } from '../auth-context.js'
import { AuthError } from '../auth-errors.js'
import { longPoll } from '../clock.js'
import { sha256Hex } from '../secrets.js'
import { startSession } from '../sessions.js'
import { findUserById } from '../users.js'

/** What the long polls that mint a social (or Farcaster) login answer. */
export type RedeemAnswer = SocialResultResponse

/**
 * Waits (≤ longPollMs, polling the database so any replica may have finished the flow) for the flow's
 * result, and redeems it once: the session is minted at redemption. Only the holder of the secret
 * bound to the flow may: an unknown flow or another secret is 404.
 */
export async function redeemLoginResult(
  ctx: AuthContext,
  flowId: string,
  secret: string,
): Promise<RedeemAnswer> {
  const flow = await ctx.db
    .selectFrom('social_login_flows')
    .select('flow_id')
    .where('flow_id', '=', flowId)
    .where('secret_hash', '=', sha256Hex(secret))
    .executeTakeFirst()
  if (!flow) throw new AuthError('NOT_FOUND', 'Unknown social login flow')
  const answer = await longPoll(
    () =>
      ctx.db.transaction().execute(async (trx): Promise<RedeemAnswer | undefined> => {
        const now = ctx.now()
        const row = await trx
          .updateTable('login_results')
          .set({ redeemed_at: now })
          .where('flow_id', '=', flowId)
          .where('redeemed_at', 'is', null)
          .where('expires_at', '>', now)
          .returningAll()
          .executeTakeFirst()
        if (!row) return undefined
        if (row.error || !row.user_id) return { status: 'error', message: row.error ?? 'The sign-in failed' }
        const user = await findUserById(trx, row.user_id)
        if (!user) return { status: 'error', message: 'The account no longer exists' }
        return { status: 'done', ...(await startSession(trx, user, row.device_id, now)) }
      }),
    ctx.longPollMs,
    ctx.closing,
  )
  return answer ?? { status: 'pending' }
}
