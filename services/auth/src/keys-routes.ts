import { storeKeysRequestSchema } from '@portico/frame'
import type { FastifyPluginAsync } from 'fastify'
import type { AuthContext } from './auth-context.js'
import { AuthError } from './auth-errors.js'
import { parseRequest } from './parse-request.js'
import { requireUser } from './sessions.js'
import { openShare, sealShare } from './share-cipher.js'

/**
 * Key custody for the embedded wallet: the auth share goes back only to a signed-in session, the
 * recovery share is sealed under the master key. The private key itself never reaches this service.
 */
export const keysRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { db } = ctx

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

  app.post('/keys/recover', async (request) => {
    const { user } = await requireUser(db, request, ctx.now())
    const wallet = await db
      .selectFrom('wallets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst()
    if (!wallet) throw new AuthError('NOT_FOUND', 'This user has no wallet to recover')
    return {
      address: wallet.address,
      authShare: wallet.auth_share,
      recoveryShare: openShare(ctx.masterKey, user.id, wallet.recovery_share_sealed),
    }
  })
}
