import { describe, expect, it } from 'vitest'
import { MAILS_PER_ADDRESS_PER_HOUR, WRONG_GUESSES_PER_POOL_PER_DAY } from './address-limits.js'
import { DEVICE, OTHER_DEVICE, serversClosedAfterEach, testClock } from './auth-test-helpers.js'
import { MAX_FAILED_ATTEMPTS } from './one-time-codes.js'

const start = serversClosedAfterEach()
const STRANGER = 'device-ssssssssssssssss'
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000')

describe('one-time codes under attack', () => {
  it('answers a registered and an unregistered address alike on an unknown device', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    await t.signIn('owner@example.com', DEVICE)
    clock.advance(31_000)
    const registered = await t.post('/auth/v1/email/start', {
      email: 'owner@example.com',
      deviceId: STRANGER,
    })
    const unknown = await t.post('/auth/v1/email/start', { email: 'nobody@example.com', deviceId: STRANGER })
    expect(registered.statusCode).toBe(unknown.statusCode)
    expect(registered.body).toBe(unknown.body)
    expect(registered.json()).toEqual({ action: 'VERIFY_DEVICE' })
    const [toOwner] = await t.inbox('owner@example.com')
    const [toNobody] = await t.inbox('nobody@example.com')
    expect(toOwner?.subject).toBe('Confirm your new device')
    expect(toNobody?.subject).toBe(toOwner?.subject)
    // Waiting for the confirmation says the same too.
    const waits = await Promise.all(
      ['owner@example.com', 'nobody@example.com'].map((email) =>
        t.post('/auth/v1/device/wait', { email, deviceId: STRANGER }),
      ),
    )
    expect(waits.map((wait) => wait.body)).toEqual(['{"confirmed":false}', '{"confirmed":false}'])
  })

  it('accepts a code only from the device that asked for it', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    await t.signIn('pat@example.com', DEVICE)
    clock.advance(31_000)
    const code = await t.requestCode('pat@example.com', DEVICE)
    const elsewhere = await t.post('/auth/v1/email/verify', {
      email: 'pat@example.com',
      otp: code,
      deviceId: OTHER_DEVICE,
    })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().error.code).toBe('INVALID_OTP')
    const here = await t.post('/auth/v1/email/verify', {
      email: 'pat@example.com',
      otp: code,
      deviceId: DEVICE,
    })
    expect(here.statusCode).toBe(200)
  })

  it("does not let a stranger's wrong guesses lock the owner's code or spend the owner's budget", async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    await t.signIn('quinn@example.com', DEVICE)
    clock.advance(31_000)
    const code = await t.requestCode('quinn@example.com', DEVICE)
    for (let guess = 0; guess < 2 * WRONG_GUESSES_PER_POOL_PER_DAY; guess++) {
      const response = await t.post('/auth/v1/email/verify', {
        email: 'quinn@example.com',
        otp: String(guess).padStart(6, '0'),
        deviceId: STRANGER,
      })
      expect(response.json().error.code).toBe('INVALID_OTP')
    }
    const owner = await t.post('/auth/v1/email/verify', {
      email: 'quinn@example.com',
      otp: code,
      deviceId: DEVICE,
    })
    expect(owner.statusCode).toBe(200)
  })

  it('caps wrong guesses per address per day across codes: a new code does not reset the count', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    await t.signIn('rita@example.com', DEVICE)
    clock.advance(60 * 60 * 1000)
    const codes = Math.ceil(WRONG_GUESSES_PER_POOL_PER_DAY / MAX_FAILED_ATTEMPTS)
    let wrongGuesses = 0
    for (let round = 0; round < codes; round++) {
      // Spaced so the mail cap never gets in the way: only the guess budget is under test.
      clock.advance((60 * 60 * 1000) / MAILS_PER_ADDRESS_PER_HOUR + 1000)
      const code = await t.requestCode('rita@example.com', DEVICE)
      for (let attempt = 0; attempt < MAX_FAILED_ATTEMPTS; attempt++) {
        await t.post('/auth/v1/email/verify', {
          email: 'rita@example.com',
          otp: wrongFor(code),
          deviceId: DEVICE,
        })
        wrongGuesses++
      }
    }
    expect(wrongGuesses).toBe(WRONG_GUESSES_PER_POOL_PER_DAY)
    clock.advance((60 * 60 * 1000) / MAILS_PER_ADDRESS_PER_HOUR + 1000)
    const code = await t.requestCode('rita@example.com', DEVICE)
    // Budget spent: even the right code is refused, and the answer says when to come back.
    const refused = await t.post('/auth/v1/email/verify', {
      email: 'rita@example.com',
      otp: code,
      deviceId: DEVICE,
    })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' })
    expect(refused.json().error.retryAfterSeconds).toBeGreaterThan(0)
    expect(refused.json().error.retryAfterSeconds).toBeLessThanOrEqual(24 * 60 * 60)
    clock.advance(24 * 60 * 60 * 1000)
    const next = await t.requestCode('rita@example.com', DEVICE)
    const accepted = await t.post('/auth/v1/email/verify', {
      email: 'rita@example.com',
      otp: next,
      deviceId: DEVICE,
    })
    expect(accepted.statusCode).toBe(200)
  })

  it('counts every sign-in mail, device links included, against one cap per address', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    await t.signIn('sam@example.com', DEVICE)
    clock.advance(60 * 60 * 1000)
    const before = (await t.inbox('sam@example.com')).length
    const answers: number[] = []
    // An hour of requests from unknown devices, each just past the 30 s cooldown.
    for (let request = 0; request < 60; request++) {
      clock.advance(31_000)
      const deviceId = `device-${String(request).padStart(16, 'x')}`
      answers.push((await t.post('/auth/v1/email/start', { email: 'sam@example.com', deviceId })).statusCode)
    }
    const mails = (await t.inbox('sam@example.com')).length - before
    expect(mails).toBe(MAILS_PER_ADDRESS_PER_HOUR)
    expect(answers.filter((status) => status === 200)).toHaveLength(MAILS_PER_ADDRESS_PER_HOUR)
    const refused = await t.post('/auth/v1/email/start', { email: 'sam@example.com', deviceId: STRANGER })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('RATE_LIMITED')
    // The owner's confirmed device is under the same cap, then served again once the hour has passed.
    clock.advance(60 * 60 * 1000)
    expect(
      (await t.post('/auth/v1/email/start', { email: 'sam@example.com', deviceId: DEVICE })).json(),
    ).toEqual({
      action: 'VERIFY_OTP',
    })
  })

  it('counts plus-addressed and differently cased spellings of one mailbox against its one cap', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const answers: number[] = []
    for (let request = 0; request < 3 * MAILS_PER_ADDRESS_PER_HOUR; request++) {
      clock.advance(31_000)
      const email = request % 2 === 0 ? `Una+${request}@Example.com` : `una+tag${request}@example.COM`
      const deviceId = `device-${String(request).padStart(16, 'u')}`
      answers.push((await t.post('/auth/v1/email/start', { email, deviceId })).statusCode)
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(MAILS_PER_ADDRESS_PER_HOUR)
    const plain = await t.post('/auth/v1/email/start', { email: 'una@example.com', deviceId: STRANGER })
    expect(plain.statusCode).toBe(429)
    // Right after one spelling's mail, another spelling waits out the same cooldown.
    clock.advance(60 * 60 * 1000)
    await t.post('/auth/v1/email/start', { email: 'vic+a@example.com', deviceId: STRANGER })
    const second = await t.post('/auth/v1/email/start', { email: 'vic+b@example.com', deviceId: STRANGER })
    expect(second.json().error).toMatchObject({ code: 'COOLDOWN' })
  })

  it('keeps one cooldown per flow: an e-mail change right after sign-in is not held up', async () => {
    const t = await start({ now: testClock().now })
    const { session } = await t.signIn('tess@example.com', DEVICE)
    const again = await t.post('/auth/v1/email/start', { email: 'tess@example.com', deviceId: DEVICE })
    expect(again.json().error).toMatchObject({ code: 'COOLDOWN', retryAfterSeconds: 30 })
    const change = await t.post('/auth/v1/email/update', { email: 'tess2@example.com' }, session.token)
    expect(change.json()).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
  })
})
