import { errorResponses, ServiceError } from '@portico/http-kit'
import {
  createSiwe,
  type Siwe,
  SiweError,
  SiweTooManyNoncesError,
  siweVerifyRequestSchema,
} from '@portico/siwe'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { createPublicClient, http } from 'viem'

/** The demo's session cookie: HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it). */
export const DEMO_SESSION_COOKIE = 'portico_demo_siwe'

export interface DemoSiweOptions {
  /** The host:port names the demo is reached by; a message for any other domain is refused. */
  domains: readonly string[]
  chainIds: readonly number[]
  /** The devnet RPC of a chain, to check smart-account (ERC-1271 / ERC-6492) signatures. */
  rpcUrl: (chainId: number) => string
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAgeSeconds: number,
) {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  reply.header(
    'set-cookie',
    `${DEMO_SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`,
  )
}

/**
 * A refused sign-in as the service kit's error body: a malformed message is a 400, too many nonces a 429,
 * any other refusal a 401.
 */
function refusal(error: SiweError): ServiceError {
  const status = error.code === 'INVALID_MESSAGE' ? 400 : error.code === 'TOO_MANY_NONCES' ? 429 : 401
  return new ServiceError(error.code, status, error.message)
}

/**
 * The demo's own small backend for Sign-In With Ethereum, on @portico/siwe, served with the demo page
 * (same origin): nonce, verify (opens a cookie session), session, sign-out.
 */
export const demoSiweRoutes: FastifyPluginAsync<DemoSiweOptions> = async (app, options) => {
  const clients = new Map<number, ReturnType<typeof createPublicClient>>()
  const siwe: Siwe = createSiwe({
    domain: options.domains,
    chainIds: options.chainIds,
    client: (chainId) => {
      let client = clients.get(chainId)
      if (!client) {
        client = createPublicClient({ transport: http(options.rpcUrl(chainId)) })
        clients.set(chainId, client)
      }
      return client
    },
  })
  await app.register(errorResponses, { service: 'demo SIWE' })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  // Counted per client address: one visitor signs in with a few nonces, a script asks for thousands.
  app.get('/nonce', async (request, reply) => {
    const nonce = await siwe.issueNonce(request.ip).catch((error: unknown) => {
      if (error instanceof SiweTooManyNoncesError)
        reply.header('retry-after', String(error.retryAfterSeconds))
      throw error instanceof SiweError ? refusal(error) : error
    })
    return { nonce }
  })

  app.post('/verify', async (request, reply) => {
    const body = siweVerifyRequestSchema.parse(request.body)
    const session = await siwe.verify(body).catch((error: unknown) => {
      throw error instanceof SiweError ? refusal(error) : error
    })
    setSessionCookie(request, reply, session.id, Math.floor((session.expiresAt - session.issuedAt) / 1_000))
    return { address: session.address, chainId: session.chainId, expiresAt: session.expiresAt }
  })

  app.get('/session', async (request) => {
    const id = readCookie(request, DEMO_SESSION_COOKIE)
    const session = id ? await siwe.getSession(id) : undefined
    return {
      session: session
        ? { address: session.address, chainId: session.chainId, expiresAt: session.expiresAt }
        : null,
    }
  })

  app.post('/sign-out', async (request, reply) => {
    const id = readCookie(request, DEMO_SESSION_COOKIE)
    if (id) await siwe.signOut(id)
    setSessionCookie(request, reply, '', 0)
    return reply.code(204).send()
  })
}
