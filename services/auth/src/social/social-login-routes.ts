import {
  flowIdSchema,
  type SocialProvider,
  socialFlowRequestSchema,
  socialResultRequestSchema,
} from '@portico/wire'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import * as oidc from 'openid-client'
import * as z from 'zod/mini'
import type { AuthContext } from '../auth-context.js'
import { AuthError } from '../auth-errors.js'
import { escapeHtml, htmlPage } from '../html.js'
import { parseRequest } from '../parse-request.js'
import { randomToken } from '../secrets.js'
import { findOrCreateSocialUser } from '../users.js'
import { redeemLoginResult } from './login-results.js'
import type { SocialAdapter } from './social-provider-adapters.js'

export const SOCIAL_FLOW_TTL_MS = 10 * 60 * 1000

const startQuerySchema = z.object({ flow: flowIdSchema })
const callbackQuerySchema = z.object({ state: z.string().check(z.minLength(1), z.maxLength(200)) })

export interface SocialLoginRoutesOptions {
  ctx: AuthContext
  /** The providers this service offers; any other answers 404 NOT_FOUND. */
  adapters: Map<SocialProvider, SocialAdapter>
}

/** What a visitor reads when the dApp offers a provider this service does not. */
export const providerNotOffered = (provider: string) =>
  `Sign-in with ${provider} is not available on this service`

/**
 * Social sign-in: flow (the service makes the flow, bound to the frame's secret hash), start (302 to
 * the provider, once per flow), callback (finishes the flow), result (the frame redeems it).
 */
export const socialLoginRoutes: FastifyPluginAsync<SocialLoginRoutesOptions> = async (
  app,
  { ctx, adapters },
) => {
  const { db } = ctx
  const redirectUri = `${ctx.publicUrl}/auth/v1/social/callback`
  const publicOrigin = new URL(ctx.publicUrl).origin

  app.post('/social/flow', async (request) => {
    const body = parseRequest(socialFlowRequestSchema, request.body)
    if (!adapters.has(body.provider)) throw new AuthError('NOT_FOUND', providerNotOffered(body.provider))
    const now = ctx.now()
    // Kept a lifetime past expiry: a result finished just before the flow expired may still be redeemed.
    await db
      .deleteFrom('social_login_flows')
      .where('expires_at', '<', new Date(now.getTime() - SOCIAL_FLOW_TTL_MS))
      .execute()
    const flowId = randomToken()
    await db
      .insertInto('social_login_flows')
      .values({
        flow_id: flowId,
        secret_hash: body.secretHash,
        provider: body.provider,
        device_id: body.deviceId,
        started_at: null,
        expires_at: new Date(now.getTime() + SOCIAL_FLOW_TTL_MS),
      })
      .execute()
    return { flowId, url: `${ctx.publicUrl}/auth/v1/social/start?flow=${flowId}` }
  })

  app.get('/social/start', async (request, reply) => {
    const query = parseRequest(startQuerySchema, request.query)
    const now = ctx.now()
    // Started once: a flow id seen in a popup's address cannot start a second sign-in into that flow.
    const flow = await db
      .updateTable('social_login_flows')
      .set({ started_at: now })
      .where('flow_id', '=', query.flow)
      .where('started_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst()
    if (!flow) return donePage(reply, 404, 'This sign-in link has expired or was already used.')
    const provider = flow.provider as SocialProvider
    const adapter = adapters.get(provider)
    if (!adapter) throw new AuthError('NOT_FOUND', providerNotOffered(provider))
    const codeVerifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    await db
      .insertInto('social_flows')
      .values({
        state,
        flow_id: flow.flow_id,
        provider,
        device_id: flow.device_id,
        code_verifier: codeVerifier,
        nonce,
        expires_at: flow.expires_at,
      })
      .execute()
    const url = await adapter.authorizationUrl({
      redirectUri,
      state,
      nonce,
      codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    })
    return reply.redirect(url.href, 302)
  })

  const callback = async (params: Record<string, unknown>, reply: FastifyReply) => {
    const { state } = parseRequest(callbackQuerySchema, params)
    // Deleting it makes the state single use.
    const flow = await db
      .deleteFrom('social_flows')
      .where('state', '=', state)
      .where('expires_at', '>', ctx.now())
      .returningAll()
      .executeTakeFirst()
    if (!flow) return donePage(reply, 400, 'This sign-in link has expired. Close this window and try again.')
    const adapter = adapters.get(flow.provider as SocialProvider)
    const expiresAt = new Date(ctx.now().getTime() + SOCIAL_FLOW_TTL_MS)
    try {
      if (!adapter) throw new Error(`Sign-in with ${flow.provider} is not configured`)
      const callbackUrl = new URL(redirectUri)
      for (const [key, value] of Object.entries(params)) {
        if (typeof value === 'string') callbackUrl.searchParams.set(key, value)
      }
      const identity = await adapter.exchange({
        callbackUrl,
        codeVerifier: flow.code_verifier,
        state: flow.state,
        nonce: flow.nonce,
      })
      await db.transaction().execute(async (trx) => {
        const user = await findOrCreateSocialUser(trx, { provider: flow.provider, ...identity })
        await trx
          .insertInto('login_results')
          .values({
            flow_id: flow.flow_id,
            user_id: user.id,
            device_id: flow.device_id,
            error: null,
            expires_at: expiresAt,
          })
          .onConflict((conflict) => conflict.column('flow_id').doNothing())
          .execute()
      })
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The provider refused the sign-in'
      reply.log.warn({ err: error, provider: flow.provider }, 'social sign-in failed')
      await db
        .insertInto('login_results')
        .values({
          flow_id: flow.flow_id,
          user_id: null,
          device_id: flow.device_id,
          error: message,
          expires_at: expiresAt,
        })
        .onConflict((conflict) => conflict.column('flow_id').doNothing())
        .execute()
      return donePage(reply, 200, 'The sign-in did not succeed. Close this window and try again.')
    }
    return donePage(reply, 200, 'Sign-in complete. You can close this window.')
  }

  const donePage = (reply: FastifyReply, status: number, message: string) => {
    // Fast path: nudge the frame through the opener; the relay (/social/result) covers a severed opener.
    const script = `<script>try{window.opener&&window.opener.frames['portico-auth'].postMessage({type:'portico:social-done'},${JSON.stringify(publicOrigin)})}catch(e){}setTimeout(function(){window.close()},300)</script>`
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(htmlPage('Sign-in', `<h1>${escapeHtml(message)}</h1>${script}`))
  }

  app.get('/social/callback', async (request, reply) =>
    callback(request.query as Record<string, unknown>, reply),
  )
  // Apple answers with form_post.
  app.post('/social/callback', async (request, reply) =>
    callback(request.body as Record<string, unknown>, reply),
  )

  app.post('/social/result', async (request) => {
    const { flowId, secret } = parseRequest(socialResultRequestSchema, request.body)
    return redeemLoginResult(ctx, flowId, secret)
  })
}
