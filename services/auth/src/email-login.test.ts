import { loginResultSchema } from '@portico/wire'
import { describe, expect, it } from 'vitest'
import { DEVICE, OTHER_DEVICE, serversClosedAfterEach, testClock } from './auth-test-helpers.js'

const start = serversClosedAfterEach()

describe('e-mail one-time codes', () => {
  it('signs in with the code read from the capture inbox (real SMTP)', async () => {
    const t = await start()
    const started = await t.post('/auth/v1/email/start', { email: 'Alice@Example.com', deviceId: DEVICE })
    // A device not yet confirmed for the address confirms it from the mailbox first, then gets the code.
    expect(started.json()).toEqual({ action: 'VERIFY_DEVICE' })
    const link = await t.confirmDeviceLink('alice@example.com')
    const mail = await t.nextMail('alice@example.com', link)
    expect(mail.subject).toMatch(/^Your Portico sign-in code: \d{6}$/)
    const code = t.codeOf(mail)
    expect(mail.text).toContain(code)
    const verified = await t.post('/auth/v1/email/verify', {
      email: 'alice@example.com',
      otp: code,
      deviceId: DEVICE,
    })
    expect(verified.statusCode).toBe(200)
    const result = loginResultSchema.parse(verified.json())
    expect(result.user).toMatchObject({ email: 'alice@example.com', socialProvider: null })
    const session = await t.get('/auth/v1/session', result.session.token)
    expect(session.json()).toEqual({ user: result.user })
    // Single use.
    const again = await t.post('/auth/v1/email/verify', {
      email: 'alice@example.com',
      otp: code,
      deviceId: DEVICE,
    })
    expect(again.json().error.code).toBe('INVALID_OTP')
    const page = await t.app.inject({ method: 'GET', url: '/inbox' })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain(code)
  })

  it('counts wrong codes down and locks on the 5th, even for the right code', async () => {
    const t = await start()
    const code = await t.requestCode('bob@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    for (const left of [4, 3, 2, 1]) {
      const response = await t.post('/auth/v1/email/verify', {
        email: 'bob@example.com',
        otp: wrong,
        deviceId: DEVICE,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({ code: 'INVALID_OTP', attemptsLeft: left })
    }
    const fifth = await t.post('/auth/v1/email/verify', {
      email: 'bob@example.com',
      otp: wrong,
      deviceId: DEVICE,
    })
    expect(fifth.json().error).toMatchObject({ code: 'OTP_LOCKED', attemptsLeft: 0 })
    const right = await t.post('/auth/v1/email/verify', {
      email: 'bob@example.com',
      otp: code,
      deviceId: DEVICE,
    })
    expect(right.json().error.code).toBe('OTP_LOCKED')
  })

  it('expires codes after 10 minutes and enforces the 30 s cooldown', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const code = await t.requestCode('carol@example.com')
    clock.advance(12_300)
    const early = await t.post('/auth/v1/email/start', { email: 'carol@example.com', deviceId: DEVICE })
    expect(early.statusCode).toBe(429)
    expect(early.json().error).toMatchObject({ code: 'COOLDOWN', retryAfterSeconds: 18 })
    clock.advance(10 * 60 * 1000)
    const late = await t.post('/auth/v1/email/verify', {
      email: 'carol@example.com',
      otp: code,
      deviceId: DEVICE,
    })
    expect(late.json().error.code).toBe('OTP_EXPIRED')
    const resent = await t.post('/auth/v1/email/start', { email: 'carol@example.com', deviceId: DEVICE })
    expect(resent.statusCode).toBe(200)
  })

  it('asks a known user on a new device to confirm it from the mailbox first', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    await t.signIn('dave@example.com', DEVICE)
    clock.advance(31_000)
    const before = await t.lastMailId('dave@example.com')
    const started = await t.post('/auth/v1/email/start', {
      email: 'dave@example.com',
      deviceId: OTHER_DEVICE,
    })
    expect(started.json()).toEqual({ action: 'VERIFY_DEVICE' })
    const mail = await t.nextMail('dave@example.com', before)
    expect(mail.subject).toBe('Confirm your new device')
    const link = new URL(mail.text.match(/http\S+/)?.[0] ?? '')
    expect(link.pathname).toBe('/auth/v1/device/confirm')
    const notYet = await t.post('/auth/v1/device/wait', { email: 'dave@example.com', deviceId: OTHER_DEVICE })
    expect(notYet.json()).toEqual({ confirmed: false })
    // Following the link (as a mail scanner does) only shows the page.
    const page = await t.get(`${link.pathname}${link.search}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Confirm this device')
    const stillNot = await t.post('/auth/v1/device/wait', {
      email: 'dave@example.com',
      deviceId: OTHER_DEVICE,
    })
    expect(stillNot.json()).toEqual({ confirmed: false })
    const waiting = t.post('/auth/v1/device/wait', { email: 'dave@example.com', deviceId: OTHER_DEVICE })
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/device/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3004' },
      payload: `token=${link.searchParams.get('token')}`,
    })
    expect(confirm.statusCode).toBe(200)
    expect((await waiting).json()).toEqual({ confirmed: true })
    const codeMail = await t.nextMail(
      'dave@example.com',
      (await t.inbox('dave@example.com')).find((m) => m.subject === 'Confirm your new device')?.id,
    )
    const verified = await t.post('/auth/v1/email/verify', {
      email: 'dave@example.com',
      otp: t.codeOf(codeMail),
      deviceId: OTHER_DEVICE,
    })
    expect(verified.statusCode).toBe(200)
    // The link is spent.
    const reused = await t.get(`${link.pathname}${link.search}`)
    expect(reused.statusCode).toBe(404)
  })

  it('rotates sessions per device and revokes on sign-out', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const first = await t.signIn('erin@example.com')
    clock.advance(31_000)
    const second = await t.signIn('erin@example.com')
    expect((await t.get('/auth/v1/session', first.session.token)).statusCode).toBe(401)
    expect((await t.get('/auth/v1/session', second.session.token)).statusCode).toBe(200)
    const signout = await t.post('/auth/v1/signout', {}, second.session.token)
    expect(signout.statusCode).toBe(204)
    const after = await t.get('/auth/v1/session', second.session.token)
    expect(after.statusCode).toBe(401)
    expect(after.json().error.code).toBe('UNAUTHORIZED')
    expect((await t.get('/auth/v1/session')).statusCode).toBe(401)
  })

  it('answers 400 naming the field for bad bodies', async () => {
    const t = await start()
    const cases: [string, object, string][] = [
      ['/auth/v1/email/start', { email: 'nope', deviceId: DEVICE }, 'email'],
      ['/auth/v1/email/start', { email: 'a@b.co', deviceId: 'short' }, 'deviceId'],
      ['/auth/v1/email/verify', { email: 'a@b.co', otp: '12ab56', deviceId: DEVICE }, 'otp'],
      ['/auth/v1/social/result', { flowId: 'A'.repeat(43), secret: 'x' }, 'secret'],
      ['/auth/v1/device/wait', {}, 'email'],
    ]
    for (const [url, payload, field] of cases) {
      const response = await t.post(url, payload)
      expect(response.statusCode, url).toBe(400)
      expect(response.json().error.code).toBe('BAD_REQUEST')
      expect(response.json().error.message).toContain(field)
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/email/start',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3004' },
      payload: '{',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().error.code).toBe('BAD_REQUEST')
  })
})
