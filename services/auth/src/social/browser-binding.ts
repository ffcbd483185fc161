import type { FastifyReply, FastifyRequest } from 'fastify'
import { randomToken, sha256Hex } from '../secrets.js'

/**
 * A social sign-in is bound to the browser that started it: starting sets a cookie on the auth origin
 * (first party: the start runs in the sign-in window) and the provider's callback must bring it back.
 * One cookie per flow, so two sign-ins in one browser do not undo each other.
 */
export const browserCookieName = (flowId: string) => `portico_social_${flowId.slice(0, 16)}`

const COOKIE_PATH = '/auth/v1/social'

/** Sets the flow's cookie in this browser and answers the hash the flow keeps. */
export function bindBrowser(
  reply: FastifyReply,
  options: { flowId: string; secure: boolean; maxAgeMs: number },
): string {
  const token = randomToken()
  reply.setCookie(browserCookieName(options.flowId), token, {
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the provider sends the visitor back with a top-level GET, which carries it.
    sameSite: 'lax',
    secure: options.secure,
    maxAge: Math.ceil(options.maxAgeMs / 1000),
  })
  return sha256Hex(token)
}

/** Whether this request comes from the browser the flow was bound to. */
export function isBoundBrowser(request: FastifyRequest, flowId: string, browserHash: string): boolean {
  const token = request.cookies[browserCookieName(flowId)]
  return typeof token === 'string' && token.length > 0 && sha256Hex(token) === browserHash
}

export function forgetBrowser(reply: FastifyReply, flowId: string, secure: boolean) {
  reply.clearCookie(browserCookieName(flowId), { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure })
}
