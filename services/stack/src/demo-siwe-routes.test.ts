import Fastify from 'fastify'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_SESSION_COOKIE, demoSiweRoutes } from './demo-siwe-routes.js'

const visitor = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const DOMAIN = 'demo.test:4000'

async function demoBackend() {
  const app = Fastify()
  // No chain behind it: a plain-key signature is checked without one.
  await app.register(demoSiweRoutes, {
    prefix: '/api/siwe',
    domains: [DOMAIN],
    chainIds: [1],
    rpcUrl: () => 'http://127.0.0.1:9/',
  })
  return app
}

async function signedMessage(app: Awaited<ReturnType<typeof demoBackend>>, domain = DOMAIN) {
  const { nonce } = (await app.inject({ method: 'GET', url: '/api/siwe/nonce' })).json()
  const message = createSiweMessage({
    domain,
    uri: `http://${domain}`,
    address: visitor.address,
    chainId: 1,
    nonce,
    version: '1',
    issuedAt: new Date(),
  })
  return { message, signature: await visitor.signMessage({ message }) }
}

const cookieOf = (setCookie: unknown) => String(setCookie).split(';')[0] as string

describe('demo SIWE routes', () => {
  let app: Awaited<ReturnType<typeof demoBackend>> | undefined
  afterEach(() => app?.close())

  it('signs in with an HttpOnly SameSite=Lax cookie session, reads it, and signs out', async () => {
    app = await demoBackend()
    const verified = await app.inject({
      method: 'POST',
      url: '/api/siwe/verify',
      payload: await signedMessage(app),
    })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toMatchObject({ address: visitor.address, chainId: 1 })
    const setCookie = String(verified.headers['set-cookie'])
    expect(setCookie).toMatch(
      new RegExp(`^${DEMO_SESSION_COOKIE}=[0-9a-f]{64}; Path=/; HttpOnly; SameSite=Lax`),
    )
    const cookie = cookieOf(setCookie)

    const session = await app.inject({ method: 'GET', url: '/api/siwe/session', headers: { cookie } })
    expect(session.json()).toMatchObject({ session: { address: visitor.address, chainId: 1 } })
    expect(session.headers['cache-control']).toBe('no-store')

    const signOut = await app.inject({ method: 'POST', url: '/api/siwe/sign-out', headers: { cookie } })
    expect(signOut.statusCode).toBe(204)
    expect(String(signOut.headers['set-cookie'])).toContain('Max-Age=0')
    const after = await app.inject({ method: 'GET', url: '/api/siwe/session', headers: { cookie } })
    expect(after.json()).toEqual({ session: null })
  })

  it('answers a refusal with the service error body', async () => {
    app = await demoBackend()
    const signed = await signedMessage(app)
    await app.inject({ method: 'POST', url: '/api/siwe/verify', payload: signed })
    const replay = await app.inject({ method: 'POST', url: '/api/siwe/verify', payload: signed })
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ error: { code: 'NONCE_REUSED' } })

    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/siwe/verify',
      payload: await signedMessage(app, 'phishing.example'),
    })
    expect(elsewhere.json()).toMatchObject({ error: { code: 'WRONG_DOMAIN' } })
    expect(elsewhere.headers['set-cookie']).toBeUndefined()

    const malformed = await app.inject({ method: 'POST', url: '/api/siwe/verify', payload: { message: 1 } })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ error: { code: 'BAD_REQUEST', parameter: 'message' } })
  })

  it('answers 429 with Retry-After once one client asked for too many nonces', async () => {
    app = await demoBackend()
    const statuses: number[] = []
    for (let index = 0; index < 40; index++)
      statuses.push((await app.inject({ method: 'GET', url: '/api/siwe/nonce' })).statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(30)
    const refused = await app.inject({ method: 'GET', url: '/api/siwe/nonce' })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json().error.code).toBe('TOO_MANY_NONCES')
  })

  it('has no session without the cookie', async () => {
    app = await demoBackend()
    expect((await app.inject({ method: 'GET', url: '/api/siwe/session' })).json()).toEqual({ session: null })
  })
})
