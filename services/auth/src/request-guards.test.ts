import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVICE, startTestServer } from './auth-test-helpers.js'

const OWN_ORIGIN = 'http://localhost:3004'

let t: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t.server.close())

const send = (url: string, headers: Record<string, string>, payload: string) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const json = (body: object) => JSON.stringify(body)

describe('cross-site request forgery', () => {
  it('answers 415 to a form-encoded POST on the API, even from its own origin', async () => {
    const response = await send(
      '/auth/v1/email/start',
      { 'content-type': 'application/x-www-form-urlencoded', origin: OWN_ORIGIN },
      `email=victim%40example.com&deviceId=${DEVICE}`,
    )
    expect(response.statusCode).toBe(415)
    expect(response.json().error.message).toBe(
      'Send the body as application/json, not application/x-www-form-urlencoded',
    )
    expect(await t.inbox('victim@example.com')).toEqual([])
    const textPlain = await send(
      '/auth/v1/signout',
      { 'content-type': 'text/plain', origin: OWN_ORIGIN },
      json({}),
    )
    expect(textPlain.statusCode).toBe(415)
  })

  it('answers 403 with a clear body to a JSON POST from a foreign origin, another port or none', async () => {
    const body = json({ email: 'victim@example.com', deviceId: DEVICE })
    for (const origin of ['https://evil.example', 'http://localhost:3005', 'null']) {
      const response = await send(
        '/auth/v1/email/start',
        { 'content-type': 'application/json', origin },
        body,
      )
      expect(response.statusCode, origin).toBe(403)
      expect(response.json()).toEqual({
        error: {
          code: 'ORIGIN_NOT_ALLOWED',
          message: `Requests from ${origin} are not allowed: only pages of ${OWN_ORIGIN} may send them`,
        },
      })
    }
    const missing = await send('/auth/v1/email/start', { 'content-type': 'application/json' }, body)
    expect(missing.statusCode).toBe(403)
    expect(missing.json().error.message).toBe(
      `This request needs an Origin header: only pages of ${OWN_ORIGIN} may send it`,
    )
    expect(await t.inbox('victim@example.com')).toEqual([])
  })

  it("lets the frame's own origin through", async () => {
    const response = await send(
      '/auth/v1/email/start',
      { 'content-type': 'application/json', origin: OWN_ORIGIN },
      json({ email: 'frame@example.com', deviceId: DEVICE }),
    )
    expect(response.statusCode).toBe(200)
  })

  it('checks the origin of the form pages too, and leaves reads and unknown routes alone', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    for (const url of ['/farcaster/approve', '/auth/v1/device/confirm', '/oidc-login/google/abc']) {
      const foreign = await send(url, { ...form, origin: 'https://evil.example' }, 'token=x&channelToken=x')
      expect(foreign.statusCode, url).toBe(403)
    }
    // From its own page a form gets through to the route (which then finds nothing to approve).
    const own = await send(
      '/farcaster/approve',
      { ...form, origin: OWN_ORIGIN },
      'channelToken=x&action=approve&username=a',
    )
    expect(own.statusCode).toBe(404)
    expect(own.body).toContain('expired or was already answered')
    expect((await t.get('/auth/v1/session')).statusCode).toBe(401)
    expect((await send('/nothing-here', {}, '')).statusCode).toBe(404)
  })

  it("takes a provider's form post on the callback (state-checked), from the provider's origin", async () => {
    const response = await send(
      '/auth/v1/social/callback',
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
      'state=unknown&code=x',
    )
    // Posted again from this service's own page, so the sign-in window's cookie comes along.
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<form method="post" action="callback/continue">')
    expect(response.body).toContain('<input type="hidden" name="state" value="unknown">')
    const foreign = await send(
      '/auth/v1/social/callback/continue',
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
      'state=unknown&code=x',
    )
    expect(foreign.statusCode).toBe(403)
    const own = await send(
      '/auth/v1/social/callback/continue',
      { 'content-type': 'application/x-www-form-urlencoded', origin: OWN_ORIGIN },
      'state=unknown&code=x',
    )
    expect(own.statusCode).toBe(400)
    expect(own.body).toContain('This sign-in link has expired')
  })
})

describe('NUL bytes', () => {
  it('answers 400, not a database error, in a path, a query or a body', async () => {
    const cases = [
      await t.get('/auth/v1/social/callback?state=ab%00cd'),
      await t.get('/farcaster/approve?channelToken=%00'),
      await t.get('/auth/v1/social/start?flow=%00'),
      await t.get('/frame?projectId=portico-demo%00'),
      await t.post('/auth/v1/farcaster/connect', { channelToken: 'tok\u0000en', deviceId: DEVICE }),
      await t.post('/auth/v1/email/start', { email: 'a@b.co', deviceId: DEVICE, 'x\u0000': 1 }),
      await send(
        '/auth/v1/social/callback',
        { 'content-type': 'application/x-www-form-urlencoded' },
        'state=a%00b',
      ),
      await send(
        '/farcaster/approve',
        { 'content-type': 'application/x-www-form-urlencoded', origin: OWN_ORIGIN },
        'channelToken=%00&action=approve&username=a',
      ),
    ]
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('contains a NUL byte'),
      })
    }
  })
})
