import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthDatabase } from './auth-database.js'
import { DEVICE, startTestServer, testClock } from './auth-test-helpers.js'
import { createMailOutbox, MAIL_CLAIM_MS, MAIL_TTL_MS, type MailOutbox } from './mail-outbox.js'
import type { Mailer, OutgoingMail } from './mailer.js'
import { migrateAuthDatabase } from './migrate-auth-database.js'
import { openAuthDatabase } from './open-auth-database.js'

/** A mail server that takes mail, or refuses the next `failures` mails. */
function recordingMailer(failures = 0): Mailer & { sent: OutgoingMail[] } {
  let refuse = failures
  const sent: OutgoingMail[] = []
  return {
    sent,
    async send(mail) {
      if (refuse-- > 0) throw new Error('421 try again later')
      sent.push(mail)
    },
    async close() {},
  }
}

const mail = (n: number): OutgoingMail => ({
  to: `visitor${n}@example.com`,
  subject: `Your code: 12345${n}`,
  text: `Enter 12345${n}`,
})

describe('mail outbox', () => {
  let db: Kysely<AuthDatabase>
  const masterKey = randomBytes(32)
  const clock = testClock()
  const outboxes: MailOutbox[] = []
  /** One replica of the service: its own outbox and mail server, the shared database. */
  const replica = (mailer: Mailer) => {
    const outbox = createMailOutbox({ db, mailer, masterKey, now: clock.now })
    outboxes.push(outbox)
    return outbox
  }
  const queue = (outbox: MailOutbox, n: number) =>
    db.transaction().execute((trx) => outbox.enqueue(trx, mail(n)))

  beforeEach(async () => {
    db = openAuthDatabase()
    await migrateAuthDatabase(db)
  })
  afterEach(async () => {
    await Promise.all(outboxes.splice(0).map((outbox) => outbox.close()))
    await db.destroy()
  })

  it('keeps the mail sealed in the database: neither code nor address is readable', async () => {
    const a = replica(recordingMailer())
    await queue(a, 1)
    const rows = await db.selectFrom('mail_outbox').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toMatch(/123451|visitor1/)
  })

  it('sends a mail queued by a replica that died before mailing, on another replica’s sweep', async () => {
    const dead = replica(recordingMailer())
    await queue(dead, 1) // committed with its code; the process is killed before deliver()
    const survivorMail = recordingMailer()
    const survivor = replica(survivorMail)
    expect(await survivor.sweep()).toBe(1)
    expect(survivorMail.sent).toEqual([mail(1)])
    expect(await db.selectFrom('mail_outbox').selectAll().execute()).toEqual([])
    expect(await survivor.sweep()).toBe(0)
  })

  it('leaves a mail another replica is sending until its claim lapses, then sends it once', async () => {
    const stuck = replica({ send: () => new Promise(() => {}), close: async () => {} })
    const id = await queue(stuck, 2)
    void stuck.deliver(id) // claims the row, then hangs in SMTP and dies there
    await new Promise((resolve) => setTimeout(resolve, 50))
    const otherMail = recordingMailer()
    const other = replica(otherMail)
    expect(await other.sweep()).toBe(0)
    clock.advance(MAIL_CLAIM_MS + 1)
    expect(await other.sweep()).toBe(1)
    expect(otherMail.sent).toEqual([mail(2)])
  })

  it('retries a refused mail later instead of losing it', async () => {
    const mailer = recordingMailer(2)
    const a = replica(mailer)
    const id = await queue(a, 3)
    expect(await a.deliver(id)).toBe(false)
    expect(await a.sweep()).toBe(0) // not due yet: the first retry waits 2 s
    clock.advance(2_000)
    expect(await a.sweep()).toBe(0) // refused again; the next waits 4 s
    clock.advance(4_000)
    expect(await a.sweep()).toBe(1)
    expect(mailer.sent).toEqual([mail(3)])
  })

  it('drops a mail that is past its use rather than send a dead code', async () => {
    const mailer = recordingMailer(1)
    const a = replica(mailer)
    await a.deliver(await queue(a, 4))
    clock.advance(MAIL_TTL_MS)
    expect(await a.sweep()).toBe(0)
    expect(mailer.sent).toEqual([])
    expect(await db.selectFrom('mail_outbox').selectAll().execute()).toEqual([])
  })
})

describe('sign-in mail through the outbox', () => {
  it('answers the visitor and delivers the code once the mail server takes mail again', async () => {
    const mailer = recordingMailer(1)
    const t = await startTestServer({ mailer })
    try {
      const origin = 'http://localhost:3004'
      const started = await t.server.app.inject({
        method: 'POST',
        url: '/auth/v1/email/start',
        headers: { origin },
        payload: { email: 'outbox@example.com', deviceId: DEVICE },
      })
      expect(started.statusCode).toBe(200)
      expect(mailer.sent).toEqual([])
      // The replica's own sweep (every 2 s) sends it.
      for (let i = 0; i < 100 && mailer.sent.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(mailer.sent.map((sent) => sent.to)).toEqual(['outbox@example.com'])
    } finally {
      await t.server.close()
    }
  })
})
