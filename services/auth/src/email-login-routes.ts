import {
  deviceWaitRequestSchema,
  emailStartRequestSchema,
  emailVerifyRequestSchema,
  type LoginResult,
} from '@portico/wire'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { reserveMail } from './address-limits.js'
import type { AuthContext } from './auth-context.js'
import { AuthError } from './auth-errors.js'
import { longPoll } from './clock.js'
import { escapeHtml, htmlPage } from './html.js'
import { codeMail, deviceLinkMail } from './mail-texts.js'
import { consumeCode, issueCode } from './one-time-codes.js'
import { parseRequest } from './parse-request.js'
import { randomToken, sha256Hex } from './secrets.js'
import { startSession } from './sessions.js'
import { recordStepUp } from './step-ups.js'
import { findOrCreateEmailUser, isDeviceConfirmedFor, normalizeEmail, trustDevice } from './users.js'

const DEVICE_LINK_TTL_MS = 15 * 60 * 1000
const confirmTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) })

/**
 * E-mail sign-in with one-time codes, plus the new-device confirmation link. Paths under /auth/v1.
 * A device that is not confirmed for the address confirms it from the mailbox first, whether or not the
 * address has an account: the answer (VERIFY_DEVICE, one mail) does not tell which. Codes are bound to
 * the device that asked for them.
 */
export const emailLoginRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { db, mailer } = ctx

  const mailCode = async (email: string, deviceId: string, cooldown: boolean) => {
    const code = await issueCode(db, {
      purpose: 'login',
      subject: email,
      deviceId,
      email,
      now: ctx.now(),
      cooldown,
    })
    await mailer.send(codeMail(email, code))
  }

  const mailDeviceLink = async (email: string, deviceId: string) => {
    const token = randomToken()
    const now = ctx.now()
    await db.transaction().execute(async (trx) => {
      await reserveMail(trx, email, now, { flow: 'sign-in', cooldown: true })
      await trx
        .insertInto('device_confirmations')
        .values({
          token_hash: sha256Hex(token),
          email,
          device_id: deviceId,
          user_id: null,
          expires_at: new Date(now.getTime() + DEVICE_LINK_TTL_MS),
        })
        .execute()
    })
    await mailer.send(deviceLinkMail(email, `${ctx.publicUrl}/auth/v1/device/confirm?token=${token}`))
  }

  app.post('/email/start', async (request) => {
    const body = parseRequest(emailStartRequestSchema, request.body)
    const email = normalizeEmail(body.email)
    if (await isDeviceConfirmedFor(db, email, body.deviceId)) {
      await mailCode(email, body.deviceId, true)
      return { action: 'VERIFY_OTP' as const }
    }
    await mailDeviceLink(email, body.deviceId)
    return { action: 'VERIFY_DEVICE' as const }
  })

  app.post('/device/wait', async (request) => {
    const body = parseRequest(deviceWaitRequestSchema, request.body)
    const email = normalizeEmail(body.email)
    const confirmed = await longPoll(
      async () => ((await isDeviceConfirmedFor(db, email, body.deviceId)) ? true : undefined),
      ctx.longPollMs,
      ctx.closing,
    )
    return { confirmed: confirmed === true }
  })

  // GET only shows the button: mail scanners follow links, and must not confirm a device by doing so.
  app.get('/device/confirm', async (request, reply) => {
    const { token } = parseRequest(confirmTokenSchema, request.query)
    const row = await db
      .selectFrom('device_confirmations')
      .selectAll()
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst()
    const valid = row && !row.confirmed_at && row.expires_at.getTime() > ctx.now().getTime()
    const body = valid
      ? `<h1>Confirm this device</h1><p>A sign-in to Portico for <b>${escapeHtml(row.email)}</b> is waiting on a new device.</p>
<form method="post" action="/auth/v1/device/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Confirm this device</button></form>`
      : '<h1>This link is no longer valid</h1><p>It was used already or has expired. Start the sign-in again.</p>'
    return reply
      .code(valid ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(htmlPage('Confirm this device', body))
  })

  app.post('/device/confirm', async (request, reply) => {
    const { token } = parseRequest(confirmTokenSchema, request.body)
    const now = ctx.now()
    const confirmed = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('device_confirmations')
        .set({ confirmed_at: now })
        .where('token_hash', '=', sha256Hex(token))
        .where('confirmed_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst()
      if (!row) return undefined
      // The mailbox answered: the address's account (made now if it had none) trusts the device.
      const user = await findOrCreateEmailUser(trx, row.email)
      await trustDevice(trx, user.id, row.device_id, now)
      return row
    })
    if (!confirmed) throw new AuthError('NOT_FOUND', 'This link is no longer valid')
    // The code goes out now, to that device only; the frame, told by /device/wait, asks for it. The
    // mailbox asked for it, so no cooldown, but the hourly cap holds.
    const mailed = await mailCode(confirmed.email, confirmed.device_id, false).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AuthError && error.code === 'RATE_LIMITED') return false
        throw error
      },
    )
    return reply
      .type('text/html; charset=utf-8')
      .send(
        htmlPage(
          'Device confirmed',
          mailed
            ? '<h1>Device confirmed</h1><p>We mailed you a sign-in code. Go back to the app and enter it.</p>'
            : '<h1>Device confirmed</h1><p>Too many mails went to this address lately: ask the app for a new code in a while.</p>',
        ),
      )
  })

  app.post('/email/verify', async (request): Promise<LoginResult> => {
    const body = parseRequest(emailVerifyRequestSchema, request.body)
    const email = normalizeEmail(body.email)
    await consumeCode(db, {
      purpose: 'login',
      subject: email,
      deviceId: body.deviceId,
      code: body.otp,
      now: ctx.now(),
    })
    return db.transaction().execute(async (trx) => {
      const user = await findOrCreateEmailUser(trx, email)
      const result = await startSession(trx, user, body.deviceId, ctx.now())
      // A code confirmed on this device just now: recovering the wallet here needs nothing more.
      await recordStepUp(trx, user.id, body.deviceId, ctx.now())
      return result
    })
  })
}
