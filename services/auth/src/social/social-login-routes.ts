import cookie from '@fastify/cookie'
import {
  flowIdSchema,
  type SocialProvider,
  socialFlowRequestSchema,
  socialResultRequestSchema,
  translatedLocaleFor,
} from '@portico/wire'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import * as oidc from 'openid-client'
import * as z from 'zod/mini'
import type { AuthContext } from '../auth-context.js'
import { AuthError } from '../auth-errors.js'
import { escapeHtml, sendScriptedPage } from '../html.js'
import { type MailLanguage, mailText, requestLanguage } from '../mail-language.js'
import type { MailStringKey } from '../mail-strings.js'
import { parseRequest } from '../parse-request.js'
import { randomToken, sha256Hex } from '../secrets.js'
import { findOrCreateSocialUser } from '../users.js'
import { bindBrowser, forgetBrowser, isBoundBrowser } from './browser-binding.js'
import { redeemLoginResult } from './login-results.js'
import type { SocialAdapter } from './social-provider-adapters.js'
import { sendStartPage } from './social-start-page.js'

export const SOCIAL_FLOW_TTL_MS = 10 * 60 * 1000

const startQuerySchema = z.object({ flow: flowIdSchema })
const bindBodySchema = socialResultRequestSchema
const callbackQuerySchema = z.object({ state: z.string().check(z.minLength(1), z.maxLength(200)) })

export interface SocialLoginRoutesOptions {
  ctx: AuthContext
  /** The providers this service offers; any other answers 404 NOT_FOUND. */
  adapters: Map<SocialProvider, SocialAdapter>
}

/** What a visitor reads when the dApp offers a provider this service does not. */
export const providerNotOffered = (provider: string) =>
  `Sign-in with ${provider} is not available on this service`

/** Why a flow finished in a browser that did not start it failed, as the frame is told. */
export const OTHER_BROWSER =
  'This sign-in was started in another browser, so it was stopped. Start it again from the site you want to sign in to.'

/**
 * Social sign-in: flow (the service makes the flow, bound to the frame's secret hash), start (the
 * sign-in window's page, which gets the secret from the frame that opened it), bind (once per flow:
 * marks this browser with a cookie and answers the provider's address), callback (finishes the flow,
 * in the marked browser only), result (the frame redeems it).
 */
export const socialLoginRoutes: FastifyPluginAsync<SocialLoginRoutesOptions> = async (
  app,
  { ctx, adapters },
) => {
  const { db } = ctx
  const redirectUri = `${ctx.publicUrl}/auth/v1/social/callback`
  const publicOrigin = new URL(ctx.publicUrl).origin
  const secureCookies = publicOrigin.startsWith('https:')
  await app.register(cookie)

  /** A stored flow language, if it is one this service ships; else what this request's browser asks for. */
  const languageOr = (stored: string | null | undefined, request: FastifyRequest): MailLanguage =>
    (stored && translatedLocaleFor(stored)) || requestLanguage(request)

  /**
   * The language of the pages of the flow an OAuth state belongs to: the one the frame asked for when
   * it made the flow (the dApp's), else what this request's browser asks for.
   */
  const stateLanguage = async (request: FastifyRequest, state: string): Promise<MailLanguage> => {
    const row = await db
      .selectFrom('social_flows')
      .innerJoin('social_login_flows', 'social_login_flows.flow_id', 'social_flows.flow_id')
      .select('social_login_flows.language')
      .where('social_flows.state', '=', state)
      .executeTakeFirst()
    return languageOr(row?.language, request)
  }

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
        // The frame asks in the dApp's language: the sign-in window's pages follow it.
        language: requestLanguage(request) ?? null,
      })
      .execute()
    return { flowId, url: `${ctx.publicUrl}/auth/v1/social/start?flow=${flowId}` }
  })

  app.get('/social/start', async (request, reply) => {
    const query = parseRequest(startQuerySchema, request.query)
    const flow = await db
      .selectFrom('social_login_flows')
      .select(['flow_id', 'language'])
      .where('flow_id', '=', query.flow)
      .where('started_at', 'is', null)
      .where('expires_at', '>', ctx.now())
      .executeTakeFirst()
    if (!flow) return donePage(reply, 404, requestLanguage(request), 'signInLinkUsed')
    const language = languageOr(flow.language, request)
    return sendStartPage(reply, { flowId: flow.flow_id, publicOrigin, language })
  })

  app.post('/social/bind', async (request, reply) => {
    const { flowId, secret } = parseRequest(bindBodySchema, request.body)
    const now = ctx.now()
    // Started once, and only by the holder of the flow's secret (the frame that made it).
    const flow = await db
      .updateTable('social_login_flows')
      .set({ started_at: now })
      .where('flow_id', '=', flowId)
      .where('secret_hash', '=', sha256Hex(secret))
      .where('started_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst()
    if (!flow) throw new AuthError('NOT_FOUND', 'This sign-in link has expired or was already used')
    const provider = flow.provider as SocialProvider
    const adapter = adapters.get(provider)
    if (!adapter) throw new AuthError('NOT_FOUND', providerNotOffered(provider))
    const codeVerifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    const browserHash = bindBrowser(reply, {
      flowId: flow.flow_id,
      secure: secureCookies,
      maxAgeMs: flow.expires_at.getTime() - now.getTime(),
    })
    await db
      .insertInto('social_flows')
      .values({
        state,
        flow_id: flow.flow_id,
        provider,
        device_id: flow.device_id,
        code_verifier: codeVerifier,
        nonce,
        browser_hash: browserHash,
        expires_at: flow.expires_at,
      })
      .execute()
    const url = await adapter.authorizationUrl({
      redirectUri,
      state,
      nonce,
      codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    })
    return { url: url.href }
  })

  const callback = async (params: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply) => {
    const { state } = parseRequest(callbackQuerySchema, params)
    // Read before the state is used up: the page that ends the flow speaks its language.
    const language = await stateLanguage(request, state)
    // Deleting it makes the state single use.
    const flow = await db
      .deleteFrom('social_flows')
      .where('state', '=', state)
      .where('expires_at', '>', ctx.now())
      .returningAll()
      .executeTakeFirst()
    if (!flow) return donePage(reply, 400, language, 'signInExpired')
    const adapter = adapters.get(flow.provider as SocialProvider)
    const expiresAt = new Date(ctx.now().getTime() + SOCIAL_FLOW_TTL_MS)
    // A provider page finished in a browser that did not start the flow (a link someone sent) ends it:
    // the code is never exchanged, so whoever started it learns nothing of this visitor's account.
    if (!isBoundBrowser(request, flow.flow_id, flow.browser_hash)) {
      reply.log.warn({ provider: flow.provider }, 'social sign-in finished in another browser')
      await db
        .insertInto('login_results')
        .values({
          flow_id: flow.flow_id,
          user_id: null,
          device_id: flow.device_id,
          error: OTHER_BROWSER,
          expires_at: expiresAt,
        })
        .onConflict((conflict) => conflict.column('flow_id').doNothing())
        .execute()
      return donePage(reply, 403, language, 'signInOtherBrowser')
    }
    forgetBrowser(reply, flow.flow_id, secureCookies)
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
      return donePage(reply, 200, language, 'signInFailed')
    }
    return donePage(reply, 200, language, 'signInComplete')
  }

  const donePage = (reply: FastifyReply, status: number, language: MailLanguage, message: MailStringKey) =>
    // Fast path: nudge the frame through the opener; the relay (/social/result) covers a severed opener.
    sendScriptedPage(reply, {
      status,
      title: mailText(language, 'signInTitle'),
      language,
      body: (open) =>
        `<h1>${escapeHtml(mailText(language, message))}</h1>${open}try{window.opener&&window.opener.frames['portico-auth'].postMessage({type:'portico:social-done'},${JSON.stringify(publicOrigin)})}catch(e){}setTimeout(function(){window.close()},300)</script>`,
    })

  app.get('/social/callback', async (request, reply) =>
    callback(request.query as Record<string, unknown>, request, reply),
  )
  // Apple answers with form_post: a cross-site POST, which carries no SameSite=Lax cookie. Posted again
  // from this origin's own page (continue), the browser's cookie comes along.
  app.post('/social/callback', async (request, reply) =>
    request.headers.origin === publicOrigin
      ? callback(request.body as Record<string, unknown>, request, reply)
      : repostPage(request, reply),
  )
  app.post('/social/callback/continue', async (request, reply) =>
    callback(request.body as Record<string, unknown>, request, reply),
  )

  const repostPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { body } = request
    const { state } = parseRequest(callbackQuerySchema, body)
    const language = await stateLanguage(request, state)
    const fields = Object.entries(typeof body === 'object' && body !== null ? body : {})
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .slice(0, 20)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('')
    return sendScriptedPage(reply, {
      title: mailText(language, 'signInTitle'),
      language,
      body: (open) =>
        `<form method="post" action="callback/continue">${fields}<button type="submit">${escapeHtml(mailText(language, 'signInContinue'))}</button></form>${open}document.forms[0].submit()</script>`,
      formActionSelf: true,
    })
  }

  app.post('/social/result', async (request) => {
    const { flowId, secret } = parseRequest(socialResultRequestSchema, request.body)
    return redeemLoginResult(ctx, flowId, secret)
  })
}
