import { stepUpVerifyRequestSchema, storeKeysRequestSchema } from '@portico/wire'
import type { FastifyPluginAsync } from 'fastify'
import type { AuthContext } from './auth-context.js'
import { AuthError } from './auth-errors.js'
import { requestLanguage } from './mail-language.js'
import { describeDevice, recoveryNoticeMail, stepUpMail } from './mail-texts.js'
import { consumeCode, issueCode } from './one-time-codes.js'
import { parseRequest } from './parse-request.js'
import { countRecoveryAttempt } from './recovery-limits.js'
import { requireUser } from './sessions.js'
import { openShare, sealShare } from './share-cipher.js'
import { hasFreshStepUp, recordStepUp, spendStepUp } from './step-ups.js'

/**
 * Key custody for the embedded wallet: the auth share goes back only to a signed-in session; the
 * recovery share is sealed under the master key and released only to a session whose device stepped up
 * moments ago (a fresh one-time code), a few times an hour, with a mail to the user each time. The
 * private key itself never reaches this service.
 */
export const keysRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { db, mailer } = ctx

  app.get('/keys', async (request) => {
    const { user } = await requireUser(db, request, ctx.now())
    const wallet = await db
      .selectFrom('wallets')
      .select(['address', 'auth_share'])
      .where('user_id', '=', user.id)
      .executeTakeFirst()
    return { wallet: wallet ? { address: wallet.address, authShare: wallet.auth_share } : null }
  })

  app.post('/keys', async (request, reply) => {
    const { user } = await requireUser(db, request, ctx.now())
    const body = parseRequest(storeKeysRequestSchema, request.body)
    const inserted = await db
      .insertInto('wallets')
      .values({
        user_id: user.id,
        address: body.address,
        auth_share: body.authShare,
        recovery_share_sealed: sealShare(ctx.masterKey, user.id, body.recoveryShare),
      })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst()
    if (!inserted) throw new AuthError('CONFLICT', 'This user already has a wallet')
    return reply.code(201).send({ wallet: { address: body.address, authShare: body.authShare } })
  })

  app.post('/keys/step-up', async (request, reply) => {
    const { user, session } = await requireUser(db, request, ctx.now())
    if (!user.email) {
      throw new AuthError(
        'CONFLICT',
        'This account has no e-mail address to send a code to: sign in again on this device to use the wallet',
      )
    }
    const code = await issueCode(db, {
      purpose: 'step-up',
      subject: user.id,
      deviceId: session.device_id,
      email: user.email,
      now: ctx.now(),
    })
    await mailer.send(stepUpMail(user.email, code, requestLanguage(request)))
    return reply.code(204).send()
  })

  app.post('/keys/step-up/verify', async (request, reply) => {
    const { user, session } = await requireUser(db, request, ctx.now())
    const { otp } = parseRequest(stepUpVerifyRequestSchema, request.body)
    await consumeCode(db, {
      purpose: 'step-up',
      subject: user.id,
      deviceId: session.device_id,
      code: otp,
      now: ctx.now(),
    })
    await recordStepUp(db, user.id, session.device_id, ctx.now())
    return reply.code(204).send()
  })

  app.post('/keys/recover', async (request) => {
    const { user, session } = await requireUser(db, request, ctx.now())
    const now = ctx.now()
    await countRecoveryAttempt(db, { userId: user.id, clientIp: request.ip, now })
    const wallet = await db
      .selectFrom('wallets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst()
    if (!wallet) throw new AuthError('NOT_FOUND', 'This user has no wallet to recover')
    if (!(await hasFreshStepUp(db, user.id, session.device_id, now))) {
      throw new AuthError('STEP_UP_REQUIRED', 'Confirm a new code from your e-mail on this device first')
    }
    // No notice, no shares: the mail goes first, so a failure releases nothing and spends nothing.
    if (user.email) {
      await mailer.send(
        recoveryNoticeMail(
          user.email,
          {
            description: describeDevice(request.headers['user-agent'], requestLanguage(request)),
            ip: request.ip,
            at: now,
          },
          requestLanguage(request),
        ),
      )
    }
    await spendStepUp(db, user.id, session.device_id)
    return {
      address: wallet.address,
      authShare: wallet.auth_share,
      recoveryShare: openShare(ctx.masterKey, user.id, wallet.recovery_share_sealed),
    }
  })
}
