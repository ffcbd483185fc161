import type { Kysely, Transaction } from 'kysely'
import type { AuthDatabase } from './auth-database.js'

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>

/** How recent a step-up (or, for an account without e-mail, the sign-in) must be to release shares. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000

/** A one-time code mailed to the user was just confirmed on this device (e-mail sign-in or step-up). */
export async function recordStepUp(db: Db, userId: string, deviceId: string, now: Date) {
  await db
    .insertInto('step_ups')
    .values({ user_id: userId, device_id: deviceId, verified_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'device_id']).doUpdateSet({ verified_at: now }))
    .execute()
}

/**
 * Whether the device stepped up within the window. A user with an e-mail address steps up by confirming
 * a code mailed to it (the e-mail sign-in's own code counts); a user without one (some social and
 * Farcaster accounts) has nothing to send a code to, so a sign-in finished on this very device is the
 * step-up (startSession records it).
 */
export async function hasFreshStepUp(db: Db, userId: string, deviceId: string, now: Date) {
  const row = await db
    .selectFrom('step_ups')
    .select('verified_at')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('verified_at', '>', new Date(now.getTime() - STEP_UP_WINDOW_MS))
    .where('verified_at', '<=', now)
    .executeTakeFirst()
  return row !== undefined
}

/** A step-up releases the shares once: the next recovery needs a new one. */
export async function spendStepUp(db: Db, userId: string, deviceId: string) {
  await db.deleteFrom('step_ups').where('user_id', '=', userId).where('device_id', '=', deviceId).execute()
}
