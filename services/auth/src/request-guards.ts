import { errorBody } from '@portico/http-kit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * How a route may be called. `forms`: a page posts it as an HTML form. `origin`: 'own' needs this
 * service's own Origin (its frame and its own pages are the only callers); 'own-or-none' also lets a
 * client without one in (server-to-server callers); 'any' is for a third party's form post that carries
 * its own proof.
 */
interface RoutePolicy {
  forms: boolean
  origin: 'own' | 'own-or-none' | 'any'
}

const JSON_FROM_OWN_PAGES: RoutePolicy = { forms: false, origin: 'own' }

const POLICIES: Record<string, RoutePolicy> = {
  // The provider posts the callback (Apple's form_post); the single-use state and PKCE prove it.
  '/auth/v1/social/callback': { forms: true, origin: 'any' },
  // The callback's form post again, from this service's own page, so the browser's cookie comes along.
  '/auth/v1/social/callback/continue': { forms: true, origin: 'own' },
  // The service's own pages with a form: the mailed device link, the stand-in sign-in, Farcaster approval.
  '/auth/v1/device/confirm': { forms: true, origin: 'own' },
  '/oidc-login/:name/:uid': { forms: true, origin: 'own' },
  '/farcaster/approve': { forms: true, origin: 'own' },
  // The stand-in issuers: their token endpoint is called server-side, without an Origin.
  '/oidc/*': { forms: true, origin: 'own-or-none' },
}

function policyOf(routeUrl: string | undefined): RoutePolicy {
  if (routeUrl === undefined) return JSON_FROM_OWN_PAGES
  const policy = POLICIES[routeUrl]
  if (policy) return policy
  // The Sign In With Farcaster relay API: Farcaster clients call it from their servers.
  if (routeUrl.startsWith('/farcaster/v1/')) return { forms: false, origin: 'own-or-none' }
  return JSON_FROM_OWN_PAGES
}

const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send(errorBody(code, message))

/**
 * Cross-site request forgery, checked before any route runs: a state-changing request must come from
 * this service's own origin (its frame, its pages) and, unless the route takes forms, carry JSON.
 */
export function addRequestGuards(app: FastifyInstance, options: { publicOrigin: string }) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // An unknown route is a 404 whatever its origin.
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.url === undefined) return
    const policy = policyOf(request.routeOptions.url)
    const origin = request.headers.origin
    if (policy.origin !== 'any' && origin !== options.publicOrigin) {
      if (origin === undefined && policy.origin === 'own-or-none')
        return checkContentType(request, reply, policy)
      return refuse(
        reply,
        403,
        'ORIGIN_NOT_ALLOWED',
        origin === undefined
          ? `This request needs an Origin header: only pages of ${options.publicOrigin} may send it`
          : `Requests from ${origin} are not allowed: only pages of ${options.publicOrigin} may send them`,
      )
    }
    return checkContentType(request, reply, policy)
  })
}

/** JSON only, except on the few routes a form posts to (where a form body is also fine). */
function checkContentType(request: FastifyRequest, reply: FastifyReply, policy: RoutePolicy) {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (type === undefined || type === 'application/json') return
  if (policy.forms && type === 'application/x-www-form-urlencoded') return
  return refuse(reply, 415, 'BAD_REQUEST', `Send the body as application/json, not ${type}`)
}
