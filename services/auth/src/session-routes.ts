import type { FastifyPluginAsync } from 'fastify'
import type { AuthContext } from './auth-context.js'
import { sha256Hex } from './secrets.js'
import { bearerToken, requireUser, revokeSession } from './sessions.js'
import { toAuthUser } from './users.js'

export const sessionRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.get('/session', async (request) => {
    const { user } = await requireUser(ctx.db, request, ctx.now())
    return { user: toAuthUser(user) }
  })

  app.post('/signout', async (request, reply) => {
    await requireUser(ctx.db, request, ctx.now())
    await revokeSession(ctx.db, sha256Hex(bearerToken(request) ?? ''), ctx.now())
    return reply.code(204).send()
  })
}
