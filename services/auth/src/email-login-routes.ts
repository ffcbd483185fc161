import {
  deviceWaitRequestSchema,
  emailStartRequestSchema,
  emailVerifyRequestSchema,
  type LoginResult,
  TRANSLATED_LOCALES,
} from '@portico/wire'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { reserveMail } from './address-limits.js'
import type { AuthContext } from './auth-context.js'
import { AuthError } from './auth-errors.js'
import { longPoll } from './clock.js'
import { escapeHtml, htmlPage } from './html.js'
import { type MailLanguage, mailText, pageLanguage, requestLanguage } from './mail-language.js'
import { codeMail, deviceLinkMail } from './mail-texts.js'
import { consumeCode, issueCode } from './one-time-codes.js'
import { parseRequest } from './parse-request.js'
import { randomToken, sha256Hex } from './secrets.js'
import { startSession } from './sessions.js'
import { findOrCreateEmailUser, isDeviceConfirmedFor, normalizeEmail, trustDevice } from './users.js'

const DEVICE_LINK_TTL_MS = 15 * 60 * 1000
const confirmTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
  /** The language the link's mail was written in: its pages and the code mail keep it. */
  lang: z.enum(TRANSLATED_LOCALES).optional(),
})

/**
 * E-mail sign-in with one-time codes, plus the new-device confirmation link. Paths under /auth/v1.
 * A device that is not confirmed for the address confirms it from the mailbox first, whether or not the
 * address has an account: the answer (VERIFY_DEVICE, one mail) does not tell which. Codes are bound to
 * the device that asked for them.
 */
export const emailLoginRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { db, outbox } = ctx

  const mailCode = async (email: string, deviceId: string, cooldown: boolean, language: MailLanguage) => {
    await issueCode(db, outbox, {
      purpose: 'login',
      subject: email,
      deviceId,
      email,
      now: ctx.now(),
      cooldown,
      mail: (code) => codeMail(email, code, language),
    })
  }

  const mailDeviceLink = async (email: string, deviceId: string, language: MailLanguage) => {
    const token = randomToken()
    const now = ctx.now()
    const link = `${ctx.publicUrl}/auth/v1/device/confirm?token=${token}${language ? `&lang=${language}` : ''}`
    const mailId = await db.transaction().execute(async (trx) => {
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
      return outbox.enqueue(trx, deviceLinkMail(email, link, language))
    })
    await outbox.deliver(mailId)
  }

  app.post('/email/start', async (request) => {
    const body = parseRequest(emailStartRequestSchema, request.body)
    const email = normalizeEmail(body.email)
    const language = requestLanguage(request)
    if (await isDeviceConfirmedFor(db, email, body.deviceId)) {
      await mailCode(email, body.deviceId, true, language)
      return { action: 'VERIFY_OTP' as const }
    }
    await mailDeviceLink(email, body.deviceId, language)
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
    const { token, lang } = parseRequest(confirmTokenSchema, request.query)
    const language = lang ?? requestLanguage(request)
    const text = (key: Parameters<typeof mailText>[1], values?: Record<string, string>) =>
      mailText(language, key, values)
    const row = await db
      .selectFrom('device_confirmations')
      .selectAll()
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst()
    const valid = row && !row.confirmed_at && row.expires_at.getTime() > ctx.now().getTime()
    // The address goes in bold, isolated: an e-mail address reads left to right in a right-to-left page.
    const address = `<b><bdi>${escapeHtml(row?.email ?? '')}</bdi></b>`
    const body = valid
      ? `<h1>${escapeHtml(text('confirmDeviceTitle'))}</h1><p>${escapeHtml(text('confirmDeviceBody')).replace('{email}', address)}</p>
<form method="post" action="/auth/v1/device/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}">${
          language ? `<input type="hidden" name="lang" value="${escapeHtml(language)}">` : ''
        }
<button type="submit">${escapeHtml(text('confirmDeviceButton'))}</button></form>`
      : `<h1>${escapeHtml(text('linkInvalidTitle'))}</h1><p>${escapeHtml(text('linkInvalidBody'))}</p>`
    return reply
      .code(valid ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(htmlPage(text('confirmDeviceTitle'), body, pageLanguage(language)))
  })

  app.post('/device/confirm', async (request, reply) => {
    const { token, lang } = parseRequest(confirmTokenSchema, request.body)
    const language = lang ?? requestLanguage(request)
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
    const mailed = await mailCode(confirmed.email, confirmed.device_id, false, language).then(
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
          mailText(language, 'deviceConfirmedTitle'),
          `<h1>${escapeHtml(mailText(language, 'deviceConfirmedTitle'))}</h1><p>${escapeHtml(
            mailText(language, mailed ? 'deviceConfirmedBody' : 'deviceConfirmedRateLimited'),
          )}</p>`,
          pageLanguage(language),
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
    // A sign-in's own code is no step-up: releasing a key share takes a separate, explicit one.
    return db.transaction().execute(async (trx) => {
      const user = await findOrCreateEmailUser(trx, email)
      return startSession(trx, user, body.deviceId, ctx.now())
    })
  })
}
