import { generateKeyPairSync } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type SocialProvider, socialProviderSchema } from '@portico/wire'
import type { FastifyPluginAsync } from 'fastify'
import Provider from 'oidc-provider'
import { z } from 'zod'
import { AuthError } from '../auth-errors.js'
import { escapeHtml, htmlPage } from '../html.js'
import { parseRequest } from '../parse-request.js'
import { createEmbeddedProviderStore } from './embedded-provider-store.js'

export const EMBEDDED_CLIENT_ID = 'portico-auth'
export const SOCIAL_PROVIDER_NAMES = socialProviderSchema.options

const DISPLAY_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

export const embeddedIssuer = (publicUrl: string, name: SocialProvider) => `${publicUrl}/oidc/${name}`

/**
 * Local stand-ins for the social providers (development only: any username signs in): real OpenID
 * Connect issuers (oidc-provider) at /oidc/<name>, each with one public PKCE client and a one-field
 * sign-in page; consent is implied. `names`: the providers to stand in for (default all six).
 */
export function createEmbeddedIdentityProviders(options: {
  publicUrl: string
  cookieKey: string
  names?: readonly SocialProvider[]
}) {
  // One signing key for all six, made at start: oidc-provider's built-in keys are for quick starts only.
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })
  const providers = new Map<SocialProvider, Provider>()
  for (const name of options.names ?? SOCIAL_PROVIDER_NAMES) {
    const provider = new Provider(embeddedIssuer(options.publicUrl, name), {
      adapter: createEmbeddedProviderStore(),
      clients: [
        {
          client_id: EMBEDDED_CLIENT_ID,
          token_endpoint_auth_method: 'none',
          redirect_uris: [`${options.publicUrl}/auth/v1/social/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          id_token_signed_response_alg: 'ES256',
        },
      ],
      jwks: { keys: [{ ...signingKey, alg: 'ES256', use: 'sig', kid: 'portico-embedded' }] } as never,
      cookies: {
        keys: [options.cookieKey],
        names: {
          session: `_${name}_session`,
          interaction: `_${name}_interaction`,
          resume: `_${name}_resume`,
        },
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'preferred_username'],
      },
      features: { devInteractions: { enabled: false } },
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 60,
      },
      interactions: { url: (_ctx, interaction) => `/oidc-login/${name}/${interaction.uid}` },
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({
          sub,
          email: `${sub}@${name}.test`,
          email_verified: true,
          preferred_username: sub,
          name: sub,
        }),
      }),
      // First-party stand-in: the consent step is granted without asking.
      loadExistingGrant: async (ctx) => {
        const oidc = ctx.oidc
        const clientId = oidc.client?.clientId
        const accountId = oidc.session?.accountId
        if (!clientId || !accountId) return undefined
        const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId)
        if (grantId) {
          const existing = await oidc.provider.Grant.find(grantId)
          if (existing) return existing
        }
        const grant = new oidc.provider.Grant({ clientId, accountId })
        grant.addOIDCScope('openid email profile')
        await grant.save()
        return grant
      },
      renderError: (ctx, out) => {
        ctx.type = 'html'
        ctx.body = htmlPage(
          'Sign-in error',
          `<h1>Sign-in error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`,
        )
      },
    })
    providers.set(name, provider)
  }
  return providers
}

const usernameSchema = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/),
})
const routeParamsSchema = z.object({
  name: socialProviderSchema,
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
})

/** Mounts the providers at /oidc/<name> and serves their sign-in pages at /oidc-login/<name>/<uid>. */
export const embeddedIdentityProviderRoutes: FastifyPluginAsync<{
  providers: Map<SocialProvider, Provider>
}> = async (app, { providers }) => {
  const callbacks = new Map([...providers].map(([name, provider]) => [name, provider.callback()] as const))
  // Handed the raw request before Fastify reads the body: oidc-provider parses its own forms.
  app.route({
    method: ['GET', 'POST', 'OPTIONS', 'HEAD'],
    url: '/oidc/*',
    onRequest: (request, reply, done) => {
      const url = request.raw.url ?? '/'
      const match = url.match(/^\/oidc\/([a-z]+)(\/.*|\?.*)?$/)
      const handle = match ? callbacks.get(match[1] as SocialProvider) : undefined
      if (!handle) return done()
      reply.hijack()
      // oidc-provider finds its mount path from originalUrl minus url (gotcha 11).
      const raw = request.raw as IncomingMessage & { originalUrl?: string }
      raw.originalUrl = url
      raw.url = match?.[2]?.startsWith('/') ? match[2] : `/${match?.[2] ?? ''}`
      handle(raw, reply.raw as ServerResponse)
    },
    handler: async (_request, reply) =>
      reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Unknown issuer' } }),
  })

  app.get('/oidc-login/:name/:uid', async (request, reply) => {
    const { name } = parseRequest(routeParamsSchema, request.params)
    const provider = providers.get(name)
    if (!provider) throw new AuthError('NOT_FOUND', 'Unknown issuer')
    await provider.interactionDetails(request.raw, reply.raw)
    const title = `Sign in with ${DISPLAY_NAMES[name]}`
    const body = `<h1>${escapeHtml(title)}</h1><p>Local test provider: any username signs in.</p>
<form method="post" autocomplete="off"><label>Username <input name="username" value="" required autofocus></label>
<button type="submit">Continue</button></form>`
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(htmlPage(title, body))
  })

  app.post('/oidc-login/:name/:uid', async (request, reply) => {
    const { name } = parseRequest(routeParamsSchema, request.params)
    const { username } = parseRequest(usernameSchema, request.body)
    const provider = providers.get(name)
    if (!provider) throw new AuthError('NOT_FOUND', 'Unknown issuer')
    const returnTo = await provider.interactionResult(request.raw, reply.raw, {
      login: { accountId: username },
    })
    return reply.redirect(returnTo, 303)
  })
}
