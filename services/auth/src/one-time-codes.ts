import { randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import { guessBudgetError, lockAddress, recordWrongGuess, reserveMail } from './address-limits.js'
import type { AuthDatabase } from './auth-database.js'
import { AuthError } from './auth-errors.js'
import type { MailOutbox } from './mail-outbox.js'
import type { OutgoingMail } from './mailer.js'
import { sha256Hex } from './secrets.js'
import { isDeviceConfirmedFor } from './users.js'

export const CODE_TTL_MS = 10 * 60 * 1000
/** Wrong tries on one code before it is locked (the address's daily budget counts across codes). */
export const MAX_FAILED_ATTEMPTS = 5

export type CodePurpose = 'login' | 'update-primary' | 'update-secondary' | 'step-up'

/** Who a code is for: the flow (purpose), its subject (address or user id), and the device that asked. */
export interface CodeKey {
  purpose: CodePurpose
  subject: string
  deviceId: string
}

const hashCode = (key: CodeKey, code: string) =>
  sha256Hex(`${key.purpose}:${key.subject}:${key.deviceId}:${code}`)

/**
 * Makes a new 6-digit code for the key, replacing that device's earlier one, and mails it to `email`
 * with the text `mail` writes. The mail is counted against the address (cooldown and hourly cap) and
 * queued in the same transaction as the code, so a code is never stored without its mail on the way.
 */
export async function issueCode(
  db: Kysely<AuthDatabase>,
  outbox: MailOutbox,
  input: CodeKey & {
    email: string
    newEmail?: string | null
    now: Date
    cooldown?: boolean
    mail: (code: string) => OutgoingMail
  },
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const mailId = await db.transaction().execute(async (trx) => {
    await reserveMail(trx, input.email, input.now, {
      flow: input.purpose.startsWith('update-') ? 'email-change' : 'sign-in',
      cooldown: input.cooldown ?? true,
    })
    const row = {
      email: input.email,
      code_hash: hashCode(input, code),
      new_email: input.newEmail ?? null,
      sent_at: input.now,
      expires_at: new Date(input.now.getTime() + CODE_TTL_MS),
      failed_attempts: 0,
      used_at: null,
    }
    await trx
      .insertInto('one_time_codes')
      .values({ purpose: input.purpose, subject: input.subject, device_id: input.deviceId, ...row })
      .onConflict((conflict) => conflict.columns(['purpose', 'subject', 'device_id']).doUpdateSet(row))
      .execute()
    return outbox.enqueue(trx, input.mail(code))
  })
  await outbox.deliver(mailId)
}

/**
 * Checks a code from the device it was issued to: single use, 10 min, the 5th wrong try locks it, and
 * the address's daily budget of wrong guesses (separate for its confirmed devices) must not be spent.
 * A device with no code of its own pending gets INVALID_OTP and spends nothing: it has nothing to guess.
 * Returns the code row (its email / new_email) on success.
 */
export async function consumeCode(db: Kysely<AuthDatabase>, input: CodeKey & { code: string; now: Date }) {
  const outcome = await db.transaction().execute(async (trx) => {
    const select = () =>
      trx
        .selectFrom('one_time_codes')
        .selectAll()
        .where('purpose', '=', input.purpose)
        .where('subject', '=', input.subject)
        .where('device_id', '=', input.deviceId)
    const pending = await select().executeTakeFirst()
    if (!pending) return new AuthError('INVALID_OTP', 'No code is pending: request a new one')
    // The address first, then the code: the same order as issueCode, so the two never deadlock.
    await lockAddress(trx, pending.email)
    const row = await select().forUpdate().executeTakeFirst()
    if (!row || row.used_at) return new AuthError('INVALID_OTP', 'No code is pending: request a new one')
    if (row.failed_attempts >= MAX_FAILED_ATTEMPTS) {
      return new AuthError('OTP_LOCKED', 'Too many wrong codes: request a new one', { attemptsLeft: 0 })
    }
    if (row.expires_at.getTime() <= input.now.getTime()) {
      return new AuthError('OTP_EXPIRED', 'The code has expired: request a new one')
    }
    const pool = (await isDeviceConfirmedFor(trx, row.email, input.deviceId)) ? 'confirmed' : 'other'
    const spent = await guessBudgetError(trx, row.email, pool, input.now)
    if (spent) return spent
    const expected = Buffer.from(row.code_hash, 'hex')
    const given = Buffer.from(hashCode(input, input.code), 'hex')
    const update = () =>
      trx
        .updateTable('one_time_codes')
        .where('purpose', '=', input.purpose)
        .where('subject', '=', input.subject)
        .where('device_id', '=', input.deviceId)
    if (!timingSafeEqual(expected, given)) {
      const failed = row.failed_attempts + 1
      await update().set({ failed_attempts: failed }).execute()
      await recordWrongGuess(trx, row.email, pool, input.now)
      const attemptsLeft = MAX_FAILED_ATTEMPTS - failed
      return attemptsLeft === 0
        ? new AuthError('OTP_LOCKED', 'Too many wrong codes: request a new one', { attemptsLeft })
        : new AuthError('INVALID_OTP', 'The code is not right', { attemptsLeft })
    }
    await update().set({ used_at: input.now }).execute()
    return row
  })
  // The failed-attempt count is committed before the error is thrown.
  if (outcome instanceof AuthError) throw outcome
  return outcome
}
