import { createHash, randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { socialResultResponseSchema } from '@portico/frame'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVICE, startTestServer } from '../auth-test-helpers.js'
import { SOCIAL_PROVIDER_NAMES } from './embedded-identity-providers.js'
import { createRealAdapter } from './social-provider-adapters.js'

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

/** Follows redirects by hand, keeping cookies per name (as one browser profile would). */
async function browse(url: string, jar: Map<string, string>, init: RequestInit = {}): Promise<Response> {
  let next = url
  let options = init
  for (let hop = 0; hop < 15; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await fetch(next, {
      ...options,
      redirect: 'manual',
      headers: { ...(options.headers ?? {}), cookie },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      if (name) jar.set(name.trim(), value.join('='))
    }
    const location = response.headers.get('location')
    if (response.status < 300 || response.status >= 400 || !location) return response
    next = new URL(location, next).href
    options = {}
  }
  throw new Error('too many redirects')
}

let t: Awaited<ReturnType<typeof startTestServer>>
let base: string
beforeAll(async () => {
  const port = await freePort()
  base = `http://localhost:${port}`
  t = await startTestServer({ publicUrl: base, longPollMs: 300 })
  await t.app.listen({ port, host: 'localhost' })
})
afterAll(() => t.server.close())

describe('social sign-in through the embedded providers', () => {
  for (const name of SOCIAL_PROVIDER_NAMES) {
    it(`signs in with ${name}, redeemed once by the secret`, async () => {
      const secret = randomBytes(32).toString('hex')
      const flow = createHash('sha256').update(secret).digest('hex')
      const jar = new Map<string, string>()
      const login = await browse(
        `${base}/auth/v1/social/start?provider=${name}&flow=${flow}&deviceId=${DEVICE}`,
        jar,
      )
      expect(login.status).toBe(200)
      const page = await login.text()
      expect(page).toMatch(/Sign in with (Google|GitHub|Apple|Facebook|X|Discord)/)
      expect(page).toContain('name="username"')
      const done = await browse(login.url || `${base}`, jar, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `username=user_${name}`,
      })
      expect(done.status).toBe(200)
      const html = await done.text()
      expect(html).toContain('Sign-in complete')
      expect(html).toContain("frames['portico-auth'].postMessage({type:'portico:social-done'}")

      const wrong = await t.post('/auth/v1/social/result', { secret: randomBytes(32).toString('hex') })
      expect(wrong.json()).toEqual({ status: 'pending' })
      const result = socialResultResponseSchema.parse(
        (await t.post('/auth/v1/social/result', { secret })).json(),
      )
      expect(result).toMatchObject({
        status: 'done',
        user: { email: `user_${name}@${name}.test`, userName: `user_${name}`, socialProvider: name },
      })
      const again = await t.post('/auth/v1/social/result', { secret })
      expect(again.json()).toEqual({ status: 'pending' })
      if (result.status === 'done') {
        expect((await t.get('/auth/v1/session', result.session.token)).statusCode).toBe(200)
      }
    })
  }

  it('builds the authorize URL of the real providers', async () => {
    for (const name of SOCIAL_PROVIDER_NAMES) {
      const adapter = createRealAdapter(name, { clientId: `id-${name}`, clientSecret: 'secret' })
      const url = await adapter.authorizationUrl({
        redirectUri: 'https://auth.example/auth/v1/social/callback',
        state: 'st',
        nonce: 'no',
        codeChallenge: 'ch',
      })
      expect(url.searchParams.get('client_id')).toBe(`id-${name}`)
      expect(url.searchParams.get('response_type')).toBe('code')
      expect(url.searchParams.get('code_challenge_method')).toBe('S256')
      expect(url.searchParams.get('state')).toBe('st')
      expect(url.searchParams.get('redirect_uri')).toBe('https://auth.example/auth/v1/social/callback')
      expect(url.protocol).toBe('https:')
    }
    const google = await createRealAdapter('google', { clientId: 'g' }).authorizationUrl({
      redirectUri: 'https://a/cb',
      state: 's',
      nonce: 'n',
      codeChallenge: 'c',
    })
    expect(google.origin + google.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(google.searchParams.get('scope')).toBe('openid email profile')
  })
})
