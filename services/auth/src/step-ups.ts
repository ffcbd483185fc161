import type { Kysely, Transaction } from 'kysely'
import type { AuthDatabase } from './auth-database.js'

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>

/** How recent a step-up must be to release the service's recovery share. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000

/**
 * A step-up code (asked for by POST /keys/step-up, for this purpose only) was just confirmed on this
 * device. Nothing else records one: not a sign-in's own code, not a sign-in without e-mail.
 */
export async function recordStepUp(db: Db, userId: string, deviceId: string, now: Date) {
  await db
    .insertInto('step_ups')
    .values({ user_id: userId, device_id: deviceId, verified_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'device_id']).doUpdateSet({ verified_at: now }))
    .execute()
}

/**
 * Whether the device stepped up within the window: a separate, explicit confirmation of a code mailed to
 * the account's address. An account without an address (some social and Farcaster ones) cannot step up,
 * so a session of it alone never gets more than the auth share.
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
