import {
  deviceWaitRequestSchema,
  emailStartRequestSchema,
  emailVerifyRequestSchema,
  type LoginResult,
} from '@portico/frame'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { AuthContext } from './auth-context.js'
import { AuthError } from './auth-errors.js'
import { longPoll } from './clock.js'
import { escapeHtml, htmlPage } from './html.js'
import { assertNoCooldown, codeMail, consumeCode, issueCode } from './one-time-codes.js'
import { parseRequest } from './parse-request.js'
import { randomToken, sha256Hex } from './secrets.js'
import { startSession } from './sessions.js'
import {
  findOrCreateEmailUser,
  findUserByEmail,
  hasAnyDevice,
  isDeviceTrusted,
  normalizeEmail,
  trustDevice,
} from './users.js'

const DEVICE_LINK_TTL_MS = 15 * 60 * 1000
const confirmTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) })

/** E-mail sign-in with one-time codes, plus the new-device confirmation link. Paths under /auth/v1. */
export const emailLoginRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { db, mailer } = ctx

  const mailCode = async (email: string) => {
    const code = await issueCode(db, { purpose: 'login', subject: email, email, now: ctx.now() })
    await mailer.send(codeMail(email, code))
  }

  app.post('/email/start', async (request) => {
    const body = parseRequest(emailStartRequestSchema, request.body)
    const email = normalizeEmail(body.email)
    const user = await findUserByEmail(db, email)
    // A user who has signed in before, now on an unknown device, must confirm it from the mailbox first.
    if (user && (await hasAnyDevice(db, user.id)) && !(await isDeviceTrusted(db, user.id, body.deviceId))) {
      await assertNoCooldown(db, 'login', email, ctx.now())
      const token = randomToken()
      await db
        .insertInto('device_confirmations')
        .values({
          token_hash: sha256Hex(token),
          email,
          device_id: body.deviceId,
          user_id: user.id,
          expires_at: new Date(ctx.now().getTime() + DEVICE_LINK_TTL_MS),
        })
        .execute()
      const link = `${ctx.publicUrl}/auth/v1/device/confirm?token=${token}`
      await mailer.send({
        to: email,
        subject: 'Confirm your new device',
        text: `Someone (hopefully you) is signing in to Portico from a new device.\n\nConfirm it here: ${link}\n\nThe link is valid for 15 minutes. If it was not you, ignore this mail.`,
      })
      return { action: 'VERIFY_DEVICE' as const }
    }
    await mailCode(email)
    return { action: 'VERIFY_OTP' as const }
  })

  app.post('/device/wait', async (request) => {
    const body = parseRequest(deviceWaitRequestSchema, request.body)
    const email = normalizeEmail(body.email)
    const confirmed = await longPoll(async () => {
      const user = await findUserByEmail(db, email)
      if (user && (await isDeviceTrusted(db, user.id, body.deviceId))) return true
      return undefined
    }, ctx.longPollMs)
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
      if (row) await trustDevice(trx, row.user_id, row.device_id, now)
      return row
    })
    if (!confirmed) throw new AuthError('NOT_FOUND', 'This link is no longer valid')
    // The code goes out now; the frame, told by /device/wait, asks the visitor for it.
    await mailCode(confirmed.email).catch((error: unknown) => {
      if (!(error instanceof AuthError && error.code === 'COOLDOWN')) throw error
    })
    return reply
      .type('text/html; charset=utf-8')
      .send(
        htmlPage(
          'Device confirmed',
          '<h1>Device confirmed</h1><p>We mailed you a sign-in code. Go back to the app and enter it.</p>',
        ),
      )
  })

  app.post('/email/verify', async (request): Promise<LoginResult> => {
    const body = parseRequest(emailVerifyRequestSchema, request.body)
    const email = normalizeEmail(body.email)
    await consumeCode(db, { purpose: 'login', subject: email, code: body.otp, now: ctx.now() })
    return db.transaction().execute(async (trx) => {
      const user = await findOrCreateEmailUser(trx, email)
      return startSession(trx, user, body.deviceId, ctx.now())
    })
  })
}
