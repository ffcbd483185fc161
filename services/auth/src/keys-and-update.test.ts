import { describe, expect, it } from 'vitest'
import { serversClosedAfterEach, testClock } from './auth-test-helpers.js'

const start = serversClosedAfterEach()

const ADDRESS = '0x1111111111111111111111111111111111111111'
const RECOVERY = 'deadbeefcafebabe0123456789abcdef'

describe('key custody', () => {
  it('stores once, returns the auth share only to a session, and recovers the sealed share', async () => {
    const t = await start()
    const { session, user } = await t.signIn('keys@example.com')
    expect((await t.get('/auth/v1/keys')).statusCode).toBe(401)
    expect((await t.get('/auth/v1/keys', session.token)).json()).toEqual({ wallet: null })
    const stored = await t.post(
      '/auth/v1/keys',
      { address: ADDRESS, authShare: 'abcd01', recoveryShare: RECOVERY },
      session.token,
    )
    expect(stored.statusCode).toBe(201)
    const twice = await t.post(
      '/auth/v1/keys',
      { address: ADDRESS, authShare: 'ff', recoveryShare: 'ee' },
      session.token,
    )
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error.code).toBe('CONFLICT')
    expect((await t.get('/auth/v1/keys', session.token)).json()).toEqual({
      wallet: { address: ADDRESS, authShare: 'abcd01' },
    })
    expect((await t.post('/auth/v1/keys/recover', {})).statusCode).toBe(401)
    const recovered = await t.post('/auth/v1/keys/recover', {}, session.token)
    expect(recovered.json()).toEqual({ address: ADDRESS, authShare: 'abcd01', recoveryShare: RECOVERY })
    const row = await t.server.db
      .selectFrom('wallets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(RECOVERY)
    const bad = await t.post(
      '/auth/v1/keys',
      { address: '0x12', authShare: 'ab', recoveryShare: 'cd' },
      session.token,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toContain('address')
  })
})

describe('e-mail update', () => {
  it('verifies the current address, then the new one', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { session } = await t.signIn('old@example.com')
    clock.advance(31_000)
    const before = await t.lastMailId('old@example.com')
    const update = await t.post('/auth/v1/email/update', { email: 'New@example.com' }, session.token)
    expect(update.json()).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primaryMail = await t.nextMail('old@example.com', before)
    expect(primaryMail.subject).toMatch(/^Confirm your e-mail change: \d{6}$/)
    const primary = t.codeOf(primaryMail)
    const wrong = await t.post(
      '/auth/v1/email/update/primary',
      { otp: primary === '000000' ? '111111' : '000000' },
      session.token,
    )
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_OTP', attemptsLeft: 4 })
    const step = await t.post('/auth/v1/email/update/primary', { otp: primary }, session.token)
    expect(step.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondaryMail = await t.nextMail('new@example.com')
    expect(secondaryMail.subject).toMatch(/^Confirm your new e-mail: \d{6}$/)
    const secondary = t.codeOf(secondaryMail)
    const done = await t.post('/auth/v1/email/update/secondary', { otp: secondary }, session.token)
    expect(done.json()).toEqual({ newEmail: 'new@example.com' })
    expect((await t.get('/auth/v1/session', session.token)).json().user.email).toBe('new@example.com')
  })

  it('resends the new address its code without redoing the first step, after its 30 s cooldown', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { session } = await t.signIn('resend-old@example.com')
    const early = await t.post('/auth/v1/email/update/secondary/resend', {}, session.token)
    expect(early.statusCode).toBe(409)
    expect(early.json().error.code).toBe('CONFLICT')
    clock.advance(31_000)
    await t.post('/auth/v1/email/update', { email: 'resend-new@example.com' }, session.token)
    const primary = t.codeOf(await t.nextMail('resend-old@example.com'))
    // Before the first step is proved there is nothing to resend to the new address.
    expect((await t.post('/auth/v1/email/update/secondary/resend', {}, session.token)).statusCode).toBe(409)
    await t.post('/auth/v1/email/update/primary', { otp: primary }, session.token)
    const firstMail = await t.nextMail('resend-new@example.com')
    const first = t.codeOf(firstMail)

    const tooSoon = await t.post('/auth/v1/email/update/secondary/resend', {}, session.token)
    expect(tooSoon.statusCode).toBe(429)
    expect(tooSoon.json().error).toMatchObject({ code: 'COOLDOWN', retryAfterSeconds: 30 })
    expect((await t.post('/auth/v1/email/update/secondary/resend', {})).statusCode).toBe(401)

    clock.advance(30_000)
    const resent = await t.post('/auth/v1/email/update/secondary/resend', {}, session.token)
    expect(resent.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondMail = await t.nextMail('resend-new@example.com', firstMail.id)
    expect(secondMail.subject).toMatch(/^Confirm your new e-mail: \d{6}$/)
    const second = t.codeOf(secondMail)
    // The new code replaces the first one.
    if (first !== second) {
      const stale = await t.post('/auth/v1/email/update/secondary', { otp: first }, session.token)
      expect(stale.json().error.code).toBe('INVALID_OTP')
    }
    const done = await t.post('/auth/v1/email/update/secondary', { otp: second }, session.token)
    expect(done.json()).toEqual({ newEmail: 'resend-new@example.com' })
    // A finished change has nothing left to resend.
    clock.advance(31_000)
    expect((await t.post('/auth/v1/email/update/secondary/resend', {}, session.token)).statusCode).toBe(409)
  })

  it('refuses to resend a code that has expired', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { session } = await t.signIn('expire-old@example.com')
    clock.advance(31_000)
    await t.post('/auth/v1/email/update', { email: 'expire-new@example.com' }, session.token)
    const primary = t.codeOf(await t.nextMail('expire-old@example.com'))
    await t.post('/auth/v1/email/update/primary', { otp: primary }, session.token)
    clock.advance(10 * 60 * 1000 + 1)
    const late = await t.post('/auth/v1/email/update/secondary/resend', {}, session.token)
    expect(late.statusCode).toBe(409)
  })

  it('goes straight to the new address for a user without one, and refuses a taken address', async () => {
    const t = await start()
    await t.signIn('taken@example.com')
    const userId = crypto.randomUUID()
    await t.server.db
      .insertInto('users')
      .values({ id: userId, social_provider: 'github', social_subject: 'gh1', user_name: 'gh' })
      .execute()
    const { startSession } = await import('./sessions.js')
    const user = await t.server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const { session } = await startSession(t.server.db, user, 'device-cccccccccccccccc', new Date())
    const taken = await t.post('/auth/v1/email/update', { email: 'taken@example.com' }, session.token)
    expect(taken.statusCode).toBe(409)
    const update = await t.post('/auth/v1/email/update', { email: 'gh@example.com' }, session.token)
    expect(update.json()).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const code = t.codeOf(await t.nextMail('gh@example.com'))
    const done = await t.post('/auth/v1/email/update/secondary', { otp: code }, session.token)
    expect(done.json()).toEqual({ newEmail: 'gh@example.com' })
  })
})
