import type { FastifyBaseLogger } from 'fastify'
import { type Kysely, sql, type Transaction } from 'kysely'
import { z } from 'zod'
import type { AuthDatabase } from './auth-database.js'
import type { Clock } from './clock.js'
import type { Mailer, OutgoingMail } from './mailer.js'
import { randomToken } from './secrets.js'
import { openShare, sealShare } from './share-cipher.js'

/** The longest a queued mail stays useful: a device link lives 15 min, a code 10. */
export const MAIL_TTL_MS = 15 * 60 * 1000
/** A replica that dies while sending leaves the mail to another replica after this long. */
export const MAIL_CLAIM_MS = 60 * 1000
/** How often every replica looks for mail that is due (its own failures, or a dead replica's). */
export const MAIL_SWEEP_EVERY_MS = 2 * 1000
const RETRY_FIRST_MS = 2 * 1000
const RETRY_MAX_MS = 60 * 1000
const CLAIM_BATCH = 20

const sealedMailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() })

/**
 * Mail that survives the process sending it: queued in the transaction that issues the code or link,
 * then delivered at once by the request and, should that fail or the process die, by a sweep of any
 * replica. Delivery is at least once: a replica killed after the SMTP server took the mail but before
 * its row was deleted sends it again after the claim lapses.
 */
export interface MailOutbox {
  /** Queues `mail` inside the caller's transaction; returns its id for `deliver`. */
  enqueue(trx: Transaction<AuthDatabase>, mail: OutgoingMail): Promise<string>
  /** Sends one queued mail now; a failure is logged and left to the sweep, never thrown. */
  deliver(id: string): Promise<boolean>
  /** Sends every due mail; answers how many went out. */
  sweep(): Promise<number>
  /** Sweeps every MAIL_SWEEP_EVERY_MS until `close`. */
  start(): void
  close(): Promise<void>
}

export interface MailOutboxOptions {
  db: Kysely<AuthDatabase>
  mailer: Mailer
  masterKey: Buffer
  now: Clock
  log?: Pick<FastifyBaseLogger, 'warn'>
}

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, masterKey, now } = options
  let timer: ReturnType<typeof setInterval> | undefined
  let sweeping: Promise<number> | undefined

  const sendClaimed = async (rows: ClaimedMail[]) => {
    let sent = 0
    for (const row of rows) if (await sendOne(options, row)) sent++
    return sent
  }

  const sweep = async () => {
    let sent = 0
    for (;;) {
      const rows = await claimDue(db, now())
      sent += await sendClaimed(rows)
      if (rows.length < CLAIM_BATCH) return sent
    }
  }

  return {
    async enqueue(trx, mail) {
      const id = randomToken()
      const at = now()
      await trx
        .insertInto('mail_outbox')
        .values({
          id,
          sealed: sealShare(masterKey, aadOf(id), JSON.stringify(mail)),
          next_attempt_at: at,
          claimed_until: null,
          expires_at: new Date(at.getTime() + MAIL_TTL_MS),
        })
        .execute()
      return id
    },
    async deliver(id) {
      return (await sendClaimed(await claimDue(db, now(), id))) === 1
    },
    sweep,
    start() {
      timer ??= setInterval(() => {
        // One sweep at a time per replica; a slow SMTP server must not pile sweeps up.
        sweeping ??= sweep()
          .catch((error: unknown) => {
            options.log?.warn({ err: error }, 'mail outbox sweep failed')
            return 0
          })
          .finally(() => {
            sweeping = undefined
          })
      }, MAIL_SWEEP_EVERY_MS)
      timer.unref()
    },
    async close() {
      clearInterval(timer)
      await sweeping
    },
  }
}

type ClaimedMail = Pick<AuthDatabase['mail_outbox'], 'id' | 'sealed' | 'expires_at'> & { attempts: number }

const aadOf = (id: string) => `mail-outbox:${id}`

/**
 * Takes due mail (one id, or a batch) for this replica. SKIP LOCKED lets replicas sweep side by side
 * without waiting on, or taking, each other's rows; the claim then keeps them off until it lapses.
 */
async function claimDue(db: Kysely<AuthDatabase>, at: Date, id?: string): Promise<ClaimedMail[]> {
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('mail_outbox')
      .select('id')
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    if (id !== undefined) due = due.where('id', '=', id)
    const ids = await due.orderBy('next_attempt_at').limit(CLAIM_BATCH).forUpdate().skipLocked().execute()
    if (ids.length === 0) return []
    return trx
      .updateTable('mail_outbox')
      .set({ claimed_until: new Date(at.getTime() + MAIL_CLAIM_MS), attempts: sql`attempts + 1` })
      .where(
        'id',
        'in',
        ids.map((row) => row.id),
      )
      .returning(['id', 'sealed', 'expires_at', 'attempts'])
      .execute()
  })
}

/** Sends a claimed mail and deletes it, or schedules the next try (doubling, at most a minute apart). */
async function sendOne(options: MailOutboxOptions, row: ClaimedMail): Promise<boolean> {
  const { db, mailer, masterKey, now, log } = options
  const remove = () => db.deleteFrom('mail_outbox').where('id', '=', row.id).execute()
  if (row.expires_at.getTime() <= now().getTime()) {
    log?.warn({ mail: row.id, attempts: row.attempts }, 'mail outbox: gave up on a mail past its use')
    await remove()
    return false
  }
  try {
    const mail = sealedMailSchema.parse(JSON.parse(openShare(masterKey, aadOf(row.id), row.sealed)))
    await mailer.send(mail)
  } catch (error) {
    const delay = Math.min(RETRY_FIRST_MS * 2 ** (row.attempts - 1), RETRY_MAX_MS)
    log?.warn({ err: error, mail: row.id, attempts: row.attempts }, 'mail not sent; it will be retried')
    await db
      .updateTable('mail_outbox')
      .set({ claimed_until: null, next_attempt_at: new Date(now().getTime() + delay) })
      .where('id', '=', row.id)
      .execute()
    return false
  }
  await remove()
  return true
}
