import {
  emailUpdatePrimaryRequestSchema,
  emailUpdateRequestSchema,
  emailUpdateSecondaryRequestSchema,
} from '@portico/frame'
import type { FastifyPluginAsync } from 'fastify'
import type { AuthContext } from './auth-context.js'
import { AuthError } from './auth-errors.js'
import { codeMail, consumeCode, issueCode } from './one-time-codes.js'
import { parseRequest } from './parse-request.js'
import { requireUser } from './sessions.js'
import { findUserByEmail, normalizeEmail } from './users.js'

/**
 * Changing the address: prove the current mailbox (primary code), then the new one (secondary code).
 * A user without an address (social sign-in) proves only the new one.
 */
export const emailUpdateRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { db, mailer } = ctx

  const assertFree = async (email: string, userId: string) => {
    const owner = await findUserByEmail(db, email)
    if (owner && owner.id !== userId)
      throw new AuthError('CONFLICT', 'This address belongs to another account')
  }

  app.post('/email/update', async (request) => {
    const { user } = await requireUser(db, request, ctx.now())
    const newEmail = normalizeEmail(parseRequest(emailUpdateRequestSchema, request.body).email)
    await assertFree(newEmail, user.id)
    if (user.email) {
      const code = await issueCode(db, {
        purpose: 'update-primary',
        subject: user.id,
        email: user.email,
        newEmail,
        now: ctx.now(),
      })
      await mailer.send(codeMail(user.email, code))
      return { action: 'VERIFY_PRIMARY_OTP' as const }
    }
    const code = await issueCode(db, {
      purpose: 'update-secondary',
      subject: user.id,
      email: newEmail,
      newEmail,
      now: ctx.now(),
    })
    await mailer.send(codeMail(newEmail, code))
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  })

  app.post('/email/update/primary', async (request) => {
    const { user } = await requireUser(db, request, ctx.now())
    const { otp } = parseRequest(emailUpdatePrimaryRequestSchema, request.body)
    const row = await consumeCode(db, {
      purpose: 'update-primary',
      subject: user.id,
      code: otp,
      now: ctx.now(),
    })
    const newEmail = row.new_email ?? ''
    const code = await issueCode(db, {
      purpose: 'update-secondary',
      subject: user.id,
      email: newEmail,
      newEmail,
      now: ctx.now(),
    })
    await mailer.send(codeMail(newEmail, code))
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  })

  app.post('/email/update/secondary', async (request) => {
    const { user } = await requireUser(db, request, ctx.now())
    const { otp } = parseRequest(emailUpdateSecondaryRequestSchema, request.body)
    const row = await consumeCode(db, {
      purpose: 'update-secondary',
      subject: user.id,
      code: otp,
      now: ctx.now(),
    })
    const newEmail = row.new_email ?? row.email
    await assertFree(newEmail, user.id)
    await db.updateTable('users').set({ email: newEmail }).where('id', '=', user.id).execute()
    return { newEmail }
  })
}
