import {
  type RecoveryEnvelope,
  rekeyMessage,
  rekeyRequestSchema,
  stepUpVerifyRequestSchema,
  storeKeysRequestSchema,
} from '@portico/wire'
import type { FastifyPluginAsync } from 'fastify'
import type { Selectable } from 'kysely'
import { verifyMessage } from 'viem'
import type { AuthContext } from './auth-context.js'
import type { WalletsTable } from './auth-database.js'
import { AuthError } from './auth-errors.js'
import { requestLanguage } from './mail-language.js'
import { describeDevice, recoveryNoticeMail, stepUpMail } from './mail-texts.js'
import { consumeCode, issueCode } from './one-time-codes.js'
import { parseRequest } from './parse-request.js'
import { countRecoveryAttempt } from './recovery-limits.js'
import { requireUser } from './sessions.js'
import { openShare, sealShare } from './share-cipher.js'
import { hasFreshStepUp, recordStepUp, spendStepUp } from './step-ups.js'

const envelopeColumns = (recovery: RecoveryEnvelope) => ({
  recovery_kind: recovery.kind,
  recovery_ciphertext: recovery.ciphertext,
  recovery_salt: recovery.salt,
  recovery_credential_id: recovery.credentialId ?? null,
})

function envelopeOf(wallet: Selectable<WalletsTable>): RecoveryEnvelope | null {
  if (!wallet.recovery_kind || !wallet.recovery_ciphertext || !wallet.recovery_salt) return null
  return {
    kind: wallet.recovery_kind,
    ciphertext: wallet.recovery_ciphertext,
    salt: wallet.recovery_salt,
    ...(wallet.recovery_credential_id ? { credentialId: wallet.recovery_credential_id } : {}),
  }
}

/**
 * Key custody for the embedded wallet. Each key is split 2-of-3 in the frame: the device share stays on
 * the device, the auth share is kept here and goes back to a signed-in session. user-held (default): the
 * recovery share is sealed in the frame under the user's passkey or recovery code, and this service
 * stores only that envelope, so its database, its master key and any session together hold one share.
 * custodial (an operator's explicit setting): the recovery share is also kept here, sealed under the
 * master key, and released to a session that stepped up by a mailed code moments ago. The private key
 * itself never reaches this service.
 */
export const keysRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { db, mailer } = ctx
  const findWallet = (userId: string) =>
    db.selectFrom('wallets').selectAll().where('user_id', '=', userId).executeTakeFirst()

  app.get('/keys', async (request) => {
    const { user } = await requireUser(db, request, ctx.now())
    const wallet = await findWallet(user.id)
    return {
      custody: ctx.custody,
      wallet: wallet
        ? {
            address: wallet.address,
            authShare: wallet.auth_share,
            recovery: envelopeOf(wallet),
            sealedRecoveryShare: wallet.recovery_share_sealed !== null,
          }
        : null,
    }
  })

  app.post('/keys', async (request, reply) => {
    const { user } = await requireUser(db, request, ctx.now())
    const body = parseRequest(storeKeysRequestSchema, request.body)
    let recovery: Pick<
      WalletsTable,
      | 'recovery_share_sealed'
      | 'recovery_kind'
      | 'recovery_ciphertext'
      | 'recovery_salt'
      | 'recovery_credential_id'
    >
    if (ctx.custody === 'custodial') {
      if (!body.recoveryShare) throw new AuthError('BAD_REQUEST', 'recoveryShare: required (custodial keys)')
      recovery = {
        recovery_share_sealed: sealShare(ctx.masterKey, user.id, body.recoveryShare),
        ...(body.recovery
          ? envelopeColumns(body.recovery)
          : {
              recovery_kind: null,
              recovery_ciphertext: null,
              recovery_salt: null,
              recovery_credential_id: null,
            }),
      }
    } else {
      // Never take a plain recovery share: stored here, it would be the second share of the threshold.
      if (body.recoveryShare !== undefined || !body.recovery) {
        throw new AuthError(
          'BAD_REQUEST',
          'recovery: required, and recoveryShare refused (this service keeps user-held keys)',
        )
      }
      recovery = { recovery_share_sealed: null, ...envelopeColumns(body.recovery) }
    }
    const inserted = await db
      .insertInto('wallets')
      .values({ user_id: user.id, address: body.address, auth_share: body.authShare, ...recovery })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst()
    if (!inserted) throw new AuthError('CONFLICT', 'This user already has a wallet')
    return reply.code(201).send({ wallet: { address: body.address, authShare: body.authShare } })
  })

  // A new split of the same key, signed by it: a session alone cannot swap in shares of its own.
  app.post('/keys/rekey', async (request, reply) => {
    const { user } = await requireUser(db, request, ctx.now())
    const body = parseRequest(rekeyRequestSchema, request.body)
    const wallet = await findWallet(user.id)
    if (!wallet) throw new AuthError('NOT_FOUND', 'This user has no wallet')
    const message = rekeyMessage({
      userId: user.id,
      address: wallet.address,
      currentAuthShare: wallet.auth_share,
      authShare: body.authShare,
      recovery: body.recovery,
    })
    const signed = await verifyMessage({
      address: wallet.address as `0x${string}`,
      message,
      signature: body.signature as `0x${string}`,
    }).catch(() => false)
    if (!signed)
      throw new AuthError('BAD_REQUEST', 'signature: not the wallet key’s signature of this re-key')
    const updated = await db
      .updateTable('wallets')
      .set({
        auth_share: body.authShare,
        ...envelopeColumns(body.recovery),
        // user-held: the service's own recovery share goes, the wallet is now the user's alone.
        ...(ctx.custody === 'user-held' ? { recovery_share_sealed: null } : {}),
      })
      .where('user_id', '=', user.id)
      .where('auth_share', '=', wallet.auth_share)
      .returning('user_id')
      .executeTakeFirst()
    if (!updated) throw new AuthError('CONFLICT', 'The wallet’s shares changed meanwhile: load them again')
    return reply.code(204).send()
  })

  app.post('/keys/step-up', async (request, reply) => {
    const { user, session } = await requireUser(db, request, ctx.now())
    if (!user.email) {
      throw new AuthError(
        'CONFLICT',
        'This account has no e-mail address to send a code to: open the wallet on a device that holds it',
      )
    }
    const email = user.email
    await issueCode(db, ctx.outbox, {
      purpose: 'step-up',
      subject: user.id,
      deviceId: session.device_id,
      email,
      now: ctx.now(),
      mail: (code) => stepUpMail(email, code, requestLanguage(request)),
    })
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

  // Only where this service holds a recovery share: custodial, or a wallet not yet migrated.
  app.post('/keys/recover', async (request) => {
    const { user, session } = await requireUser(db, request, ctx.now())
    const now = ctx.now()
    await countRecoveryAttempt(db, { userId: user.id, clientIp: request.ip, now })
    const wallet = await findWallet(user.id)
    if (!wallet) throw new AuthError('NOT_FOUND', 'This user has no wallet to recover')
    if (wallet.recovery_share_sealed === null) {
      throw new AuthError(
        'CONFLICT',
        'This service holds no recovery share of this wallet: recover it with your passkey or recovery code',
      )
    }
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
