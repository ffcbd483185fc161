import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEVICE, OTHER_DEVICE, serversClosedAfterEach, testClock } from './auth-test-helpers.js'
import { RECOVERY_ATTEMPTS_PER_IP_PER_HOUR, RECOVERY_ATTEMPTS_PER_USER_PER_HOUR } from './recovery-limits.js'
import { startSession } from './sessions.js'
import { STEP_UP_WINDOW_MS } from './step-ups.js'

const started = serversClosedAfterEach()
/** The service's own recovery share is released only in the custodial model (or before migration). */
const start = (options: Parameters<typeof started>[0] = {}) => started({ custody: 'custodial', ...options })

const ADDRESS = '0x1111111111111111111111111111111111111111'
const RECOVERY = 'deadbeefcafebabe0123456789abcdef'
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const NOTICE = 'Your Portico wallet was opened on a new device'

type Server = Awaited<ReturnType<typeof start>>

/** A signed-in user with a wallet, made by an e-mail sign-in on DEVICE. */
async function userWithWallet(t: Server, email: string) {
  const { session, user } = await t.signIn(email, DEVICE)
  const stored = await t.post(
    '/auth/v1/keys',
    { address: ADDRESS, authShare: 'abcd01', recoveryShare: RECOVERY },
    session.token,
  )
  expect(stored.statusCode).toBe(201)
  return { token: session.token, userId: user.id }
}

/** A session on `deviceId` as a social sign-in makes it: no code was confirmed on the device. */
async function socialSession(t: Server, userId: string, deviceId: string, now: Date) {
  const user = await t.server.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return (await startSession(t.server.db, user, deviceId, now)).session.token
}

const recover = (t: Server, token: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/keys/recover',
    payload: {},
    remoteAddress,
    headers: {
      origin: 'http://localhost:3004',
      authorization: `Bearer ${token}`,
      'user-agent': CHROME_ON_LINUX,
    },
  })

describe('key recovery', () => {
  it('does not hand the shares to a session token alone', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { token } = await userWithWallet(t, 'tina@example.com')
    // The token is minutes old: whoever holds it (a thief, a log, a backup) gets no shares.
    clock.advance(STEP_UP_WINDOW_MS + 1000)
    const refused = await recover(t, token)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED')
    expect(refused.body).not.toContain(RECOVERY)
  })

  it('recovers once after an explicit step-up on the new device (not the sign-in), and mails the user', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    await userWithWallet(t, 'uma@example.com')
    clock.advance(31_000)
    const { session } = await t.signIn('uma@example.com', OTHER_DEVICE)
    // The sign-in's own code is no step-up.
    expect((await recover(t, session.token)).json().error.code).toBe('STEP_UP_REQUIRED')
    clock.advance(31_000)
    const before = await t.lastMailId('uma@example.com')
    expect((await t.post('/auth/v1/keys/step-up', {}, session.token)).statusCode).toBe(204)
    const code = t.codeOf(await t.nextMail('uma@example.com', before))
    expect((await t.post('/auth/v1/keys/step-up/verify', { otp: code }, session.token)).statusCode).toBe(204)
    const recovered = await recover(t, session.token)
    expect(recovered.statusCode).toBe(200)
    expect(recovered.json()).toEqual({ address: ADDRESS, authShare: 'abcd01', recoveryShare: RECOVERY })
    const notice = (await t.inbox('uma@example.com')).find((mail) => mail.subject === NOTICE)
    expect(notice?.text).toContain('Device: Chrome on Linux')
    expect(notice?.text).toContain(`Time: ${clock.now().toISOString().slice(0, 19).replace('T', ' ')} UTC`)
    // The step-up is spent: a second release needs another code.
    expect((await recover(t, session.token)).json().error.code).toBe('STEP_UP_REQUIRED')
  })

  it('asks a social sign-in on a new device for a code mailed to the user, bound to that device', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { userId } = await userWithWallet(t, 'vera@example.com')
    clock.advance(31_000)
    const token = await socialSession(t, userId, OTHER_DEVICE, clock.now())
    expect((await recover(t, token)).json().error.code).toBe('STEP_UP_REQUIRED')
    const before = await t.lastMailId('vera@example.com')
    const asked = await t.post('/auth/v1/keys/step-up', {}, token)
    expect(asked.statusCode).toBe(204)
    const code = t.codeOf(await t.nextMail('vera@example.com', before))
    // The same user's session on another device cannot use that code.
    const otherDevice = await socialSession(t, userId, 'device-dddddddddddddddd', clock.now())
    const stolen = await t.post('/auth/v1/keys/step-up/verify', { otp: code }, otherDevice)
    expect(stolen.json().error.code).toBe('INVALID_OTP')
    const wrong = await t.post(
      '/auth/v1/keys/step-up/verify',
      { otp: code === '000000' ? '111111' : '000000' },
      token,
    )
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_OTP', attemptsLeft: 4 })
    const verified = await t.post('/auth/v1/keys/step-up/verify', { otp: code }, token)
    expect(verified.statusCode).toBe(204)
    // The step-up lasts five minutes.
    clock.advance(STEP_UP_WINDOW_MS - 1000)
    const recovered = await recover(t, token)
    expect(recovered.json()).toEqual({ address: ADDRESS, authShare: 'abcd01', recoveryShare: RECOVERY })
  })

  it('lets a step-up lapse after five minutes', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { userId } = await userWithWallet(t, 'wes@example.com')
    clock.advance(31_000)
    const token = await socialSession(t, userId, OTHER_DEVICE, clock.now())
    const before = await t.lastMailId('wes@example.com')
    await t.post('/auth/v1/keys/step-up', {}, token)
    const code = t.codeOf(await t.nextMail('wes@example.com', before))
    expect((await t.post('/auth/v1/keys/step-up/verify', { otp: code }, token)).statusCode).toBe(204)
    clock.advance(STEP_UP_WINDOW_MS + 1000)
    expect((await recover(t, token)).json().error.code).toBe('STEP_UP_REQUIRED')
  })

  it('never takes a sign-in as the step-up of an account without e-mail', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const userId = randomUUID()
    await t.server.db
      .insertInto('users')
      .values({ id: userId, social_provider: 'github', social_subject: 'gh-x', user_name: 'x' })
      .execute()
    const creator = await socialSession(t, userId, DEVICE, clock.now())
    await t.post('/auth/v1/keys', { address: ADDRESS, authShare: 'abcd01', recoveryShare: RECOVERY }, creator)
    // A sign-in finished on the new device (as /social/result and /farcaster/connect mint it).
    const token = await socialSession(t, userId, OTHER_DEVICE, clock.now())
    const refused = await recover(t, token)
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED')
    expect(refused.body).not.toContain(RECOVERY)
    // No address to mail a code to: the answer says what to do instead.
    const noMail = await t.post('/auth/v1/keys/step-up', {}, token)
    expect(noMail.statusCode).toBe(409)
    expect(noMail.json().error.message).toContain('on a device that holds it')
  })

  it('caps recovery requests per user and per client address', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { token } = await userWithWallet(t, 'xena@example.com')
    for (let attempt = 0; attempt < RECOVERY_ATTEMPTS_PER_USER_PER_HOUR; attempt++) {
      expect((await recover(t, token, '203.0.113.1')).statusCode).not.toBe(429)
    }
    const capped = await recover(t, token, '203.0.113.2')
    expect(capped.statusCode).toBe(429)
    expect(capped.json().error).toMatchObject({ code: 'RATE_LIMITED' })
    expect(capped.json().error.retryAfterSeconds).toBeGreaterThan(0)
    clock.advance(60 * 60 * 1000)
    expect((await recover(t, token, '203.0.113.2')).statusCode).not.toBe(429)

    // Many users' tokens from one client address: the address is capped too.
    const tokens: string[] = []
    for (
      let index = 0;
      index <= RECOVERY_ATTEMPTS_PER_IP_PER_HOUR / RECOVERY_ATTEMPTS_PER_USER_PER_HOUR;
      index++
    ) {
      const userId = randomUUID()
      await t.server.db
        .insertInto('users')
        .values({ id: userId, email: `u${index}@example.com` })
        .execute()
      tokens.push(await socialSession(t, userId, DEVICE, clock.now()))
    }
    let answered = 0
    for (const each of tokens) {
      for (let attempt = 0; attempt < RECOVERY_ATTEMPTS_PER_USER_PER_HOUR; attempt++) {
        if ((await recover(t, each, '198.51.100.7')).statusCode !== 429) answered++
      }
    }
    expect(answered).toBe(RECOVERY_ATTEMPTS_PER_IP_PER_HOUR)
  })
})
