import {
  emailUpdatePrimaryRequestSchema,
  emailUpdateRequestSchema,
  emailUpdateSecondaryRequestSchema,
} from '@portico/wire'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { AuthContext } from './auth-context.js'
import { AuthError } from './auth-errors.js'
import { type MailLanguage, requestLanguage } from './mail-language.js'
import { emailChangeCodeMail } from './mail-texts.js'
import { type CodePurpose, consumeCode, issueCode } from './one-time-codes.js'
import { parseRequest } from './parse-request.js'
import { requireUser, revokeOtherSessions } from './sessions.js'
import { findUserByEmail, normalizeEmail } from './users.js'

/**
 * Changing the address: prove the current mailbox (primary code), then the new one (secondary code).
 * A user without an address (social sign-in) proves only the new one.
 */
export const emailUpdateRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { db, outbox } = ctx

  const assertFree = async (email: string, userId: string) => {
    const owner = await findUserByEmail(db, email)
    if (owner && owner.id !== userId)
      throw new AuthError('CONFLICT', 'This address belongs to another account')
  }

  /** Issues a code for the change, bound to the session's device, and mails it to `to`: the current address, or the new one. */
  const mailCode = async (
    purpose: 'update-primary' | 'update-secondary',
    session: { user_id: string; device_id: string },
    to: string,
    newEmail: string,
    language: MailLanguage,
  ) => {
    await issueCode(db, outbox, {
      purpose,
      subject: session.user_id,
      deviceId: session.device_id,
      email: to,
      newEmail,
      now: ctx.now(),
      mail: (code) => emailChangeCodeMail(to, code, purpose, language),
    })
  }

  /** The signed-in user and the code row their otp unlocks; the session is checked before the body. */
  const consumeOtp = async (
    request: FastifyRequest,
    purpose: CodePurpose,
    schema: typeof emailUpdatePrimaryRequestSchema,
  ) => {
    const { user, session } = await requireUser(db, request, ctx.now())
    const { otp } = parseRequest(schema, request.body)
    const row = await consumeCode(db, {
      purpose,
      subject: user.id,
      deviceId: session.device_id,
      code: otp,
      now: ctx.now(),
    })
    return { user, session, row }
  }

  app.post('/email/update', async (request) => {
    const { user, session } = await requireUser(db, request, ctx.now())
    const newEmail = normalizeEmail(parseRequest(emailUpdateRequestSchema, request.body).email)
    await assertFree(newEmail, user.id)
    if (user.email) {
      await mailCode('update-primary', session, user.email, newEmail, requestLanguage(request))
      return { action: 'VERIFY_PRIMARY_OTP' as const }
    }
    await mailCode('update-secondary', session, newEmail, newEmail, requestLanguage(request))
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  })

  app.post('/email/update/primary', async (request) => {
    const { session, row } = await consumeOtp(request, 'update-primary', emailUpdatePrimaryRequestSchema)
    const newEmail = row.new_email ?? ''
    await mailCode('update-secondary', session, newEmail, newEmail, requestLanguage(request))
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  })

  /**
   * Mails the new address a fresh code without redoing the first step: only while a change this device
   * proved the first step of is pending (its secondary code unused and not expired). The 30 s cooldown
   * and the hourly cap hold for the new address as for every code.
   */
  app.post('/email/update/secondary/resend', async (request) => {
    const { user, session } = await requireUser(db, request, ctx.now())
    const pending = await db
      .selectFrom('one_time_codes')
      .select(['new_email', 'used_at', 'expires_at'])
      .where('purpose', '=', 'update-secondary')
      .where('subject', '=', user.id)
      .where('device_id', '=', session.device_id)
      .executeTakeFirst()
    if (!pending?.new_email || pending.used_at || pending.expires_at.getTime() <= ctx.now().getTime()) {
      throw new AuthError('CONFLICT', 'No e-mail change is waiting for the new address: start it again')
    }
    await assertFree(pending.new_email, user.id)
    await mailCode(
      'update-secondary',
      session,
      pending.new_email,
      pending.new_email,
      requestLanguage(request),
    )
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  })

  app.post('/email/update/secondary', async (request) => {
    const { user, session, row } = await consumeOtp(
      request,
      'update-secondary',
      emailUpdateSecondaryRequestSchema,
    )
    const newEmail = row.new_email ?? row.email
    await assertFree(newEmail, user.id)
    // Whoever else holds a session (a stolen token, a forgotten device) is signed out with the old address.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ email: newEmail }).where('id', '=', user.id).execute()
      await revokeOtherSessions(trx, user.id, session.token_hash, ctx.now())
    })
    return { newEmail }
  })
}
