import { randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AuthDatabase } from './auth-database.js'
import { AuthError } from './auth-errors.js'
import { sha256Hex } from './secrets.js'

export const CODE_TTL_MS = 10 * 60 * 1000
export const SEND_COOLDOWN_MS = 30 * 1000
export const MAX_FAILED_ATTEMPTS = 5

export type CodePurpose = 'login' | 'update-primary' | 'update-secondary'

const hashCode = (purpose: string, subject: string, code: string) =>
  sha256Hex(`${purpose}:${subject}:${code}`)

/** 429 COOLDOWN when a code went to this subject less than 30 s ago (remaining seconds rounded up). */
export async function assertNoCooldown(
  db: Kysely<AuthDatabase>,
  purpose: CodePurpose,
  subject: string,
  now: Date,
) {
  const last = await db
    .selectFrom('one_time_codes')
    .select('sent_at')
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .executeTakeFirst()
  if (!last) return
  const remainingMs = last.sent_at.getTime() + SEND_COOLDOWN_MS - now.getTime()
  if (remainingMs > 0) {
    const retryAfterSeconds = Math.ceil(remainingMs / 1000)
    throw new AuthError('COOLDOWN', `Please try again after ${retryAfterSeconds} seconds`, {
      retryAfterSeconds,
    })
  }
}

/**
 * Makes a new 6-digit code for (purpose, subject), replacing any earlier one, and returns it for mailing.
 * Checks the cooldown in the same statement's transaction so two racing requests send one mail.
 */
export async function issueCode(
  db: Kysely<AuthDatabase>,
  input: { purpose: CodePurpose; subject: string; email: string; newEmail?: string | null; now: Date },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.transaction().execute(async (trx) => {
    await assertNoCooldown(trx as unknown as Kysely<AuthDatabase>, input.purpose, input.subject, input.now)
    const row = {
      email: input.email,
      code_hash: hashCode(input.purpose, input.subject, code),
      new_email: input.newEmail ?? null,
      sent_at: input.now,
      expires_at: new Date(input.now.getTime() + CODE_TTL_MS),
      failed_attempts: 0,
      used_at: null,
    }
    await trx
      .insertInto('one_time_codes')
      .values({ purpose: input.purpose, subject: input.subject, ...row })
      .onConflict((conflict) => conflict.columns(['purpose', 'subject']).doUpdateSet(row))
      .execute()
  })
  return code
}

/**
 * Checks a code: single use, 10 min, and the 5th wrong try locks it (then even the right code fails
 * until a new one is requested). Row-locked so parallel guesses cannot exceed the limit.
 * Returns the code row (its email / new_email) on success.
 */
export async function consumeCode(
  db: Kysely<AuthDatabase>,
  input: { purpose: CodePurpose; subject: string; code: string; now: Date },
) {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('one_time_codes')
      .selectAll()
      .where('purpose', '=', input.purpose)
      .where('subject', '=', input.subject)
      .forUpdate()
      .executeTakeFirst()
    if (!row || row.used_at) return new AuthError('INVALID_OTP', 'No code is pending: request a new one')
    if (row.failed_attempts >= MAX_FAILED_ATTEMPTS) {
      return new AuthError('OTP_LOCKED', 'Too many wrong codes: request a new one', { attemptsLeft: 0 })
    }
    if (row.expires_at.getTime() <= input.now.getTime()) {
      return new AuthError('OTP_EXPIRED', 'The code has expired: request a new one')
    }
    const expected = Buffer.from(row.code_hash, 'hex')
    const given = Buffer.from(hashCode(input.purpose, input.subject, input.code), 'hex')
    if (!timingSafeEqual(expected, given)) {
      const failed = row.failed_attempts + 1
      await trx
        .updateTable('one_time_codes')
        .set({ failed_attempts: failed })
        .where('purpose', '=', input.purpose)
        .where('subject', '=', input.subject)
        .execute()
      const attemptsLeft = MAX_FAILED_ATTEMPTS - failed
      return attemptsLeft === 0
        ? new AuthError('OTP_LOCKED', 'Too many wrong codes: request a new one', { attemptsLeft })
        : new AuthError('INVALID_OTP', 'The code is not right', { attemptsLeft })
    }
    await trx
      .updateTable('one_time_codes')
      .set({ used_at: input.now })
      .where('purpose', '=', input.purpose)
      .where('subject', '=', input.subject)
      .execute()
    return row
  })
  // The failed-attempt count is committed before the error is thrown.
  if (outcome instanceof AuthError) throw outcome
  return outcome
}

export const codeMail = (to: string, code: string) => ({
  to,
  subject: `Your Portico sign-in code: ${code}`,
  text: `Your Portico code is ${code}.\n\nIt is valid for 10 minutes and can be used once. If you did not ask for it, ignore this mail.`,
})
