import type { Kysely, Transaction } from 'kysely'
import type { AuthDatabase, GuessPool, MailFlow } from './auth-database.js'

export type { GuessPool, MailFlow } from './auth-database.js'

import { AuthError } from './auth-errors.js'

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/** Spec §9: a sign-in mail to the same address at most every 30 s. */
export const SEND_COOLDOWN_MS = 30 * 1000
/** Sign-in mails of every kind (code, device link, step-up code) to one address in any hour. */
export const MAILS_PER_ADDRESS_PER_HOUR = 10
/**
 * Wrong guesses per address in any 24 hours, in each of two pools: devices confirmed for the address,
 * and all other devices. 2 × 50 stays within ASVS 2.2.1's 100, and a stranger's device, which is never
 * confirmed, cannot spend the owner's pool.
 */
export const WRONG_GUESSES_PER_POOL_PER_DAY = 50

/**
 * The mailbox an address delivers to, for mail budgets: `Ann+promo@Mail.example` and `ann@mail.example`
 * fill one inbox, so they share one budget (each stays its own sign-in address).
 */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at <= 0) return lower
  const local = lower.slice(0, at)
  const plus = local.indexOf('+')
  return `${plus > 0 ? local.slice(0, plus) : local}${lower.slice(at)}`
}

/**
 * Serialises what is counted against one address (mails, wrong guesses) until the caller's transaction
 * ends, so parallel requests cannot both pass a limit.
 */
export async function lockAddress(trx: Db, email: string) {
  await trx
    .insertInto('address_limits')
    .values({ email })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute()
  await trx.selectFrom('address_limits').select('email').where('email', '=', email).forUpdate().execute()
}

/**
 * Counts a mail to `email`, or refuses it: 429 COOLDOWN within 30 s of the flow's last one (unless the
 * mail answers a step the mailbox itself took, `cooldown: false`), 429 RATE_LIMITED past the hourly cap
 * of all mails to the mailbox (plus-addressed spellings counted together). Call inside a transaction.
 */
export async function reserveMail(
  trx: Db,
  email: string,
  now: Date,
  options: { flow: MailFlow; cooldown: boolean },
) {
  const mailbox = mailboxOf(email)
  await lockAddress(trx, mailbox)
  const sent = await trx
    .selectFrom('address_events')
    .select(['at', 'scope'])
    .where('email', '=', mailbox)
    .where('kind', '=', 'mail')
    .where('at', '>', new Date(now.getTime() - HOUR_MS))
    .orderBy('at', 'desc')
    .execute()
  const last = sent.find((mail) => mail.scope === options.flow)
  if (options.cooldown && last) {
    const remainingMs = last.at.getTime() + SEND_COOLDOWN_MS - now.getTime()
    if (remainingMs > 0) {
      const retryAfterSeconds = Math.ceil(remainingMs / 1000)
      throw new AuthError('COOLDOWN', `Please try again after ${retryAfterSeconds} seconds`, {
        retryAfterSeconds,
      })
    }
  }
  const oldestCounted = sent[MAILS_PER_ADDRESS_PER_HOUR - 1]
  if (oldestCounted) {
    const retryAfterSeconds = Math.ceil((oldestCounted.at.getTime() + HOUR_MS - now.getTime()) / 1000)
    throw new AuthError('RATE_LIMITED', 'Too many mails to this address: try again later', {
      retryAfterSeconds,
    })
  }
  await forgetOldEvents(trx, email, now)
  if (mailbox !== email) await forgetOldEvents(trx, mailbox, now)
  await trx
    .insertInto('address_events')
    .values({ email: mailbox, kind: 'mail', scope: options.flow, at: now })
    .execute()
}

/** The 429 RATE_LIMITED to answer when the pool has no wrong guesses left today, else undefined. */
export async function guessBudgetError(trx: Db, email: string, pool: GuessPool, now: Date) {
  const wrong = await trx
    .selectFrom('address_events')
    .select('at')
    .where('email', '=', email)
    .where('kind', '=', 'wrong-guess')
    .where('scope', '=', pool)
    .where('at', '>', new Date(now.getTime() - DAY_MS))
    .orderBy('at', 'desc')
    .execute()
  const oldestCounted = wrong[WRONG_GUESSES_PER_POOL_PER_DAY - 1]
  if (!oldestCounted) return undefined
  const retryAfterSeconds = Math.ceil((oldestCounted.at.getTime() + DAY_MS - now.getTime()) / 1000)
  return new AuthError('RATE_LIMITED', 'Too many wrong codes for this address: try again tomorrow', {
    retryAfterSeconds,
  })
}

export async function recordWrongGuess(trx: Db, email: string, pool: GuessPool, now: Date) {
  await trx
    .insertInto('address_events')
    .values({ email, kind: 'wrong-guess', scope: pool, at: now })
    .execute()
}

/** Nothing older than a day is ever counted. */
async function forgetOldEvents(trx: Db, email: string, now: Date) {
  await trx
    .deleteFrom('address_events')
    .where('email', '=', email)
    .where('at', '<=', new Date(now.getTime() - DAY_MS))
    .execute()
}
