import type { Kysely, Transaction } from 'kysely'
import type { AuthDatabase, PasskeyChallengesTable } from './auth-database.js'
import { AuthError } from './auth-errors.js'
import { randomToken } from './secrets.js'

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>

/** How long a device has to answer a passkey ceremony (the browser's own time-out is shorter). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000

/**
 * A fresh WebAuthn challenge (32 random bytes, base64url) for the device, kept server-side until it is
 * redeemed once or expires. Expired challenges are swept on the way.
 */
export async function issuePasskeyChallenge(
  db: Db,
  input: { purpose: PasskeyChallengesTable['purpose']; deviceId: string; userId: string | null; now: Date },
): Promise<string> {
  const challenge = randomToken()
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', input.now).execute()
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge,
      purpose: input.purpose,
      device_id: input.deviceId,
      user_id: input.userId,
      expires_at: new Date(input.now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    })
    .execute()
  return challenge
}

/**
 * Redeems the challenge the authenticator signed: only once, only for the purpose and the device it was
 * issued to, only before it expires. It is spent before the answer is checked, so a refused answer
 * cannot be retried with it either.
 */
export async function consumePasskeyChallenge(
  db: Db,
  input: { clientDataJSON: string; purpose: PasskeyChallengesTable['purpose']; deviceId: string; now: Date },
) {
  const challenge = challengeOf(input.clientDataJSON)
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', input.purpose)
    .where('device_id', '=', input.deviceId)
    .where('expires_at', '>', input.now)
    .returningAll()
    .executeTakeFirst()
  if (!row) {
    throw new AuthError(
      'BAD_REQUEST',
      'This passkey answer is for a challenge that is unknown, used, expired or not this device’s: start again',
    )
  }
  return row
}

/** The challenge the client data names; a 400 when it is not WebAuthn client data. */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown
    const challenge = (data as { challenge?: unknown } | null)?.challenge
    if (typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(challenge)) return challenge
  } catch {
    // Falls through to the 400 below.
  }
  throw new AuthError('BAD_REQUEST', 'Invalid response.clientDataJSON: not WebAuthn client data')
}
