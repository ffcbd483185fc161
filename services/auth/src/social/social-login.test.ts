import { createHash, randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { socialResultResponseSchema } from '@portico/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVICE, startTestServer } from '../auth-test-helpers.js'
import arabic from '../mail-locales/ar.js'
import hebrew from '../mail-locales/he.js'
import { mailStrings } from '../mail-strings.js'
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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Starts a flow as the frame does: a secret it keeps, its hash bound to a flow id the service makes. */
async function startFlow(provider: string) {
  const secret = randomBytes(32).toString('hex')
  const secretHash = createHash('sha256').update(secret).digest('hex')
  const response = await t.post('/auth/v1/social/flow', { provider, deviceId: DEVICE, secretHash })
  expect(response.statusCode).toBe(200)
  const { flowId, url } = response.json() as { flowId: string; url: string }
  return { secret, flowId, url }
}

/**
 * What the sign-in window does with the start address: its page gets the flow's secret from the frame
 * of its opener, then binds this browser (a cookie in `jar`) and learns the provider's address.
 */
async function bindInBrowser(startUrl: string, secret: string, jar: Map<string, string>) {
  const start = await browse(startUrl, jar)
  expect(start.status).toBe(200)
  expect(await start.text()).toContain("window.opener.frames['portico-auth']")
  const flowId = new URL(startUrl).searchParams.get('flow')
  const bound = await browse(`${base}/auth/v1/social/bind`, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ flowId, secret }),
  })
  return { status: bound.status, body: (await bound.json()) as { url?: string; error?: { message: string } } }
}

/** The stand-in's sign-in page reached through the start, then its form posted with `username`. */
async function signInAtProvider(flow: { url: string; secret: string }, username: string) {
  const jar = new Map<string, string>()
  const bound = await bindInBrowser(flow.url, flow.secret, jar)
  expect(bound.status).toBe(200)
  return finishAtProvider(bound.body.url as string, username, jar)
}

/** The provider's page and its form, in the browser whose cookies are `jar`. */
async function finishAtProvider(providerUrl: string, username: string, jar: Map<string, string>) {
  const login = await browse(providerUrl, jar)
  expect(login.status).toBe(200)
  return browse(login.url || base, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: `username=${username}`,
  })
}

describe('social sign-in through the embedded providers', () => {
  for (const name of SOCIAL_PROVIDER_NAMES) {
    it(`signs in with ${name}, redeemed once by the secret`, async () => {
      const { secret, flowId, url } = await startFlow(name)
      expect(url).toBe(`${base}/auth/v1/social/start?flow=${flowId}`)
      const jar = new Map<string, string>()
      const bound = await bindInBrowser(url, secret, jar)
      expect(bound.status).toBe(200)
      const login = await browse(bound.body.url as string, jar)
      expect(login.status).toBe(200)
      const page = await login.text()
      expect(page).toMatch(/Sign in with (Google|GitHub|Apple|Facebook|X|Discord)/)
      expect(page).toContain('name="username"')
      const done = await browse(login.url || `${base}`, jar, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: `username=user_${name}`,
      })
      expect(done.status).toBe(200)
      const html = await done.text()
      expect(html).toContain('Sign-in complete')
      expect(html).toContain("frames['portico-auth'].postMessage({type:'portico:social-done'}")
      // The page shows provider-influenced text: only its own nonce-carrying script may run.
      const nonce = String(done.headers.get('content-security-policy')).match(
        /script-src 'nonce-([^']+)'/,
      )?.[1]
      expect(nonce).toBeTruthy()
      expect(html.match(/<script[^>]*>/g)).toEqual([`<script nonce="${nonce}">`])

      // Only the secret bound to the flow redeems it.
      const wrong = await t.post('/auth/v1/social/result', {
        flowId,
        secret: randomBytes(32).toString('hex'),
      })
      expect(wrong.statusCode).toBe(404)
      const result = socialResultResponseSchema.parse(
        (await t.post('/auth/v1/social/result', { flowId, secret })).json(),
      )
      expect(result).toMatchObject({
        status: 'done',
        user: { email: `user_${name}@${name}.test`, userName: `user_${name}`, socialProvider: name },
      })
      const again = await t.post('/auth/v1/social/result', { flowId, secret })
      expect(again.json()).toEqual({ status: 'pending' })
      if (result.status === 'done') {
        expect((await t.get('/auth/v1/session', result.session.token)).statusCode).toBe(200)
      }
    })
  }

  it('makes the flow id itself: an id the client made up starts nothing, and a flow starts once', async () => {
    // The old contract: the client named the flow (sha256 of its secret) in the start address.
    const secret = randomBytes(32).toString('hex')
    const chosen = createHash('sha256').update(secret).digest('hex')
    const clientMade = await fetch(
      `${base}/auth/v1/social/start?provider=github&flow=${chosen}&deviceId=${DEVICE}`,
      { redirect: 'manual' },
    )
    expect(clientMade.status).toBe(400)
    const madeUp = await fetch(`${base}/auth/v1/social/start?flow=${'A'.repeat(43)}`, { redirect: 'manual' })
    expect(madeUp.status).toBe(404)

    const flow = await startFlow('github')
    expect(flow.flowId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const first = await bindInBrowser(flow.url, flow.secret, new Map())
    expect(first.status).toBe(200)
    expect(first.body.url).toMatch(/\/oidc\/github\//)
    // Someone who saw the popup's address cannot start a second sign-in into the same flow.
    const second = await fetch(flow.url, { redirect: 'manual' })
    expect(second.status).toBe(404)
    expect(await second.text()).toContain('expired or was already used')
    expect((await bindInBrowser(flow.url, flow.secret, new Map()).catch(() => undefined))?.status).not.toBe(
      200,
    )
  })

  it('binds a flow only for the holder of its secret', async () => {
    const flow = await startFlow('github')
    const jar = new Map<string, string>()
    const start = await browse(flow.url, jar)
    expect(start.status).toBe(200)
    const guessed = await browse(`${base}/auth/v1/social/bind`, jar, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ flowId: flow.flowId, secret: randomBytes(32).toString('hex') }),
    })
    expect(guessed.status).toBe(404)
    expect(jar.size).toBe(0)
    // Another site's page cannot bind, even with the secret.
    const crossSite = await fetch(`${base}/auth/v1/social/bind`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ flowId: flow.flowId, secret: flow.secret }),
    })
    expect(crossSite.status).toBe(403)
  })

  it('an attacker who starts a flow and sends its provider page to a victim gets nothing', async () => {
    // The attacker starts and binds a flow in their own client, then sends the provider's address on.
    const attacker = await startFlow('google')
    const bound = await bindInBrowser(attacker.url, attacker.secret, new Map())
    expect(bound.status).toBe(200)
    // The victim signs in at the provider in their own browser (no cookie from the attacker's start).
    const victimJar = new Map<string, string>()
    const done = await finishAtProvider(bound.body.url as string, 'victim_account', victimJar)
    expect(done.status).toBe(403)
    expect(await done.text()).toContain('started in another browser')
    const result = await t.post('/auth/v1/social/result', {
      flowId: attacker.flowId,
      secret: attacker.secret,
    })
    expect(result.json()).toEqual({
      status: 'error',
      message: expect.stringContaining('started in another browser'),
    })
    // No account was made or touched for the victim by that completion.
    const users = await t.server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'victim_account@google.test')
      .execute()
    expect(users).toHaveLength(0)
  })

  it("redeems a flow's result only with the secret bound to it", async () => {
    const flow = await startFlow('discord')
    const done = await signInAtProvider(flow, 'bound_user')
    expect(await done.text()).toContain('Sign-in complete')
    const other = await startFlow('discord')
    // Another frame's flow id with its own secret, or this flow id with another secret: nothing.
    expect(
      (await t.post('/auth/v1/social/result', { flowId: flow.flowId, secret: other.secret })).statusCode,
    ).toBe(404)
    expect(
      (await t.post('/auth/v1/social/result', { flowId: other.flowId, secret: flow.secret })).statusCode,
    ).toBe(404)
    const result = await t.post('/auth/v1/social/result', { flowId: flow.flowId, secret: flow.secret })
    expect(result.json()).toMatchObject({ status: 'done', user: { userName: 'bound_user' } })
  })

  it('writes the sign-in window in the language the frame asked in: Hebrew, right to left', async () => {
    const secret = randomBytes(32).toString('hex')
    const made = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/social/flow',
      payload: { provider: 'github', deviceId: DEVICE, secretHash: sha256(secret) },
      // As the frame asks: from the service's own origin, in the dApp's language.
      headers: { origin: base, 'accept-language': 'he' },
    })
    const { url } = made.json() as { url: string }
    // The window's browser is set to English: its pages keep the language of the dApp that started it.
    const english = { 'accept-language': 'en-US' }
    const jar = new Map<string, string>()
    const start = await browse(url, jar, { headers: english })
    const startHtml = await start.text()
    expect(startHtml).toContain('<html lang="he" dir="rtl">')
    expect(startHtml).toContain(`<title>${hebrew.signInTitle}</title>`)
    expect(startHtml).toContain(hebrew.signInOpening)
    // The messages its script may show are Hebrew too.
    expect(startHtml).toContain(hebrew.signInNotFromSite)
    expect(startHtml).not.toContain(mailStrings.signInOpening)

    const bound = await browse(`${base}/auth/v1/social/bind`, jar, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...english },
      body: JSON.stringify({ flowId: new URL(url).searchParams.get('flow'), secret }),
    })
    const providerUrl = ((await bound.json()) as { url: string }).url
    // A provider that answers with a cross-site form post gets the page that posts it again, in Hebrew.
    const repost = await fetch(`${base}/auth/v1/social/callback`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://provider.example',
        ...english,
      },
      body: `state=${new URL(providerUrl).searchParams.get('state')}&code=abc`,
    })
    const repostHtml = await repost.text()
    expect(repostHtml).toContain('<html lang="he" dir="rtl">')
    expect(repostHtml).toContain(`<button type="submit">${hebrew.signInContinue}</button>`)

    const done = await finishAtProvider(providerUrl, 'hebrew_user', jar)
    const doneHtml = await done.text()
    expect(doneHtml).toContain('<html lang="he" dir="rtl">')
    expect(doneHtml).toContain(`<h1>${hebrew.signInComplete}</h1>`)
  })

  it('answers a link to no live flow in the language the browser asks for: Arabic, right to left', async () => {
    const gone = await fetch(`${base}/auth/v1/social/start?flow=${'B'.repeat(43)}`, {
      headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    })
    expect(gone.status).toBe(404)
    const html = await gone.text()
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain(`<h1>${arabic.signInLinkUsed}</h1>`)
    // Without a language it asks for, English, left to right.
    const plain = await (await fetch(`${base}/auth/v1/social/start?flow=${'B'.repeat(43)}`)).text()
    expect(plain).toContain('<html lang="en" dir="ltr">')
    expect(plain).toContain(`<h1>${mailStrings.signInLinkUsed}</h1>`)
  })

  it('answers a provider the service does not offer with a clear 404', async () => {
    const closed = await startTestServer({ standInProviders: false, localFarcaster: false })
    try {
      const response = await closed.post('/auth/v1/social/flow', {
        provider: 'google',
        deviceId: DEVICE,
        secretHash: 'a'.repeat(64),
      })
      expect(response.statusCode).toBe(404)
      expect(response.json().error.message).toBe('Sign-in with google is not available on this service')
    } finally {
      await closed.server.close()
    }
  })

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
