import type { Kysely } from 'kysely'
import type { AuthDatabase } from './auth-database.js'
import { AuthError } from './auth-errors.js'

const HOUR_MS = 60 * 60 * 1000

/** /keys/recover requests (answered or refused) per user, and per client address, in any hour. */
export const RECOVERY_ATTEMPTS_PER_USER_PER_HOUR = 10
export const RECOVERY_ATTEMPTS_PER_IP_PER_HOUR = 30

/**
 * Counts a recovery request, or refuses it with 429 RATE_LIMITED when the user or the client address is
 * over its hourly cap. Refused requests are not counted, so waiting is enough to get through.
 */
export async function countRecoveryAttempt(
  db: Kysely<AuthDatabase>,
  input: { userId: string; clientIp: string; now: Date },
) {
  const since = new Date(input.now.getTime() - HOUR_MS)
  await db.transaction().execute(async (trx) => {
    // Serialise per user (a row lock on the user) so parallel requests cannot both pass the cap.
    await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().execute()
    const checks = [
      { column: 'user_id', value: input.userId, max: RECOVERY_ATTEMPTS_PER_USER_PER_HOUR },
      { column: 'client_ip', value: input.clientIp, max: RECOVERY_ATTEMPTS_PER_IP_PER_HOUR },
    ] as const
    for (const { column, value, max } of checks) {
      const recent = await trx
        .selectFrom('recovery_attempts')
        .select('at')
        .where(column, '=', value)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(max)
        .execute()
      const oldestCounted = recent[max - 1]
      if (oldestCounted) {
        const retryAfterSeconds = Math.ceil(
          (oldestCounted.at.getTime() + HOUR_MS - input.now.getTime()) / 1000,
        )
        throw new AuthError('RATE_LIMITED', 'Too many wallet recoveries: try again later', {
          retryAfterSeconds,
        })
      }
    }
    await trx
      .deleteFrom('recovery_attempts')
      .where('user_id', '=', input.userId)
      .where('at', '<=', since)
      .execute()
    await trx
      .insertInto('recovery_attempts')
      .values({ user_id: input.userId, client_ip: input.clientIp, at: input.now })
      .execute()
  })
}
