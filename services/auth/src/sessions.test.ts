import { describe, expect, it } from 'vitest'
import { OTHER_DEVICE, serversClosedAfterEach, testClock } from './auth-test-helpers.js'
import { SESSION_IDLE_TIMEOUT_MS, startSession } from './sessions.js'
import { findUserById } from './users.js'

const start = serversClosedAfterEach()
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

describe('session idle time-out', () => {
  it('signs out a session unused for 7 days, while one in use lives on to its 30-day lifetime', async () => {
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(7 * DAY)
    const clock = testClock()
    const t = await start({ now: clock.now })
    const idle = (await t.signIn('idle@example.com')).session.token
    const busy = (await t.signIn('busy@example.com')).session.token
    for (let day = 0; day < 4; day++) {
      clock.advance(6 * DAY)
      // Only `busy` is used; 24 days in, it is still signed in.
      expect((await t.get('/auth/v1/session', busy)).statusCode).toBe(200)
    }
    expect((await t.get('/auth/v1/session', idle)).statusCode).toBe(401)
    // The 30-day lifetime still ends it.
    clock.advance(6 * DAY + MINUTE)
    expect((await t.get('/auth/v1/session', busy)).statusCode).toBe(401)
  })

  it('ends exactly at the idle time-out, and writes the last use at most once a minute', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { session } = await t.signIn('minute@example.com')
    const lastUsed = async () =>
      (await t.server.db.selectFrom('sessions').select('last_used_at').executeTakeFirstOrThrow()).last_used_at
    const signedInAt = await lastUsed()
    clock.advance(30_000)
    expect((await t.get('/auth/v1/session', session.token)).statusCode).toBe(200)
    expect(await lastUsed()).toEqual(signedInAt)
    clock.advance(30_000)
    expect((await t.get('/auth/v1/session', session.token)).statusCode).toBe(200)
    expect(await lastUsed()).toEqual(clock.now())
    clock.advance(SESSION_IDLE_TIMEOUT_MS - 1)
    expect((await t.get('/auth/v1/session', session.token)).statusCode).toBe(200)
    clock.advance(SESSION_IDLE_TIMEOUT_MS)
    expect((await t.get('/auth/v1/session', session.token)).statusCode).toBe(401)
  })
})

describe('e-mail change', () => {
  it('signs out every other session of the user, and keeps the one that changed it', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { session, user } = await t.signIn('owner@example.com')
    // A second session of the same user on another device (a stolen token, a forgotten laptop).
    const row = await findUserById(t.server.db, user.id)
    if (!row) throw new Error('no user')
    const other = await startSession(t.server.db, row, OTHER_DEVICE, clock.now())
    const stranger = await t.signIn('stranger@example.com')
    expect((await t.get('/auth/v1/session', other.session.token)).statusCode).toBe(200)

    clock.advance(31_000)
    const before = await t.lastMailId('owner@example.com')
    await t.post('/auth/v1/email/update', { email: 'moved@example.com' }, session.token)
    const primary = t.codeOf(await t.nextMail('owner@example.com', before))
    await t.post('/auth/v1/email/update/primary', { otp: primary }, session.token)
    const secondary = t.codeOf(await t.nextMail('moved@example.com'))
    const done = await t.post('/auth/v1/email/update/secondary', { otp: secondary }, session.token)
    expect(done.json()).toEqual({ newEmail: 'moved@example.com' })

    expect((await t.get('/auth/v1/session', other.session.token)).statusCode).toBe(401)
    expect((await t.get('/auth/v1/session', session.token)).json().user.email).toBe('moved@example.com')
    expect((await t.get('/auth/v1/session', stranger.session.token)).statusCode).toBe(200)
  })
})
