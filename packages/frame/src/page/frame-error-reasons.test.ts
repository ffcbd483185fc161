import { describe, expect, it } from 'vitest'
import type { FetchLike } from './auth-client.js'
import { AUTH_URL } from './testing/fake-auth-service.js'
import { createFrameHarness } from './testing/frame-harness.js'

/** An auth service that starts e-mail logins and answers `failure` to everything else. */
function failingService(failure: () => Response): FetchLike {
  return async (input) => {
    const path = new URL(input, AUTH_URL).pathname
    if (path.endsWith('/email/start')) return Response.json({ action: 'VERIFY_OTP' })
    return failure()
  }
}

/** The auth service's error body, `{ error: { code, message, ...extra } }` (authErrorBodySchema). */
const authError = (status: number, error: Record<string, unknown>) => () =>
  Response.json({ error }, { status })

describe('frame error answers: the reason the dApp shows the visitor', () => {
  it.each([
    [
      'a cooldown, with the seconds to wait',
      authError(429, {
        code: 'COOLDOWN',
        message: 'Please try again after 12 seconds',
        retryAfterSeconds: 12,
      }),
      { reason: 'COOLDOWN', retryAfterSeconds: 12 },
    ],
    [
      'a wrong code, with the tries left',
      authError(400, { code: 'INVALID_OTP', message: 'The code is not right', attemptsLeft: 3 }),
      { reason: 'INVALID_OTP', attemptsLeft: 3 },
    ],
    [
      'an expired code',
      authError(400, { code: 'OTP_EXPIRED', message: 'The code has expired: request a new one' }),
      { reason: 'OTP_EXPIRED' },
    ],
    [
      'a rate limit',
      authError(429, { code: 'RATE_LIMITED', message: 'Too many', retryAfterSeconds: 3600 }),
      { reason: 'RATE_LIMITED', retryAfterSeconds: 3600 },
    ],
    [
      'an answer that is not the error body',
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      { reason: 'SERVICE_UNAVAILABLE' },
    ],
  ])('passes on %s as the auth service coded it', async (_, failure, expected) => {
    const h = createFrameHarness({ fetch: failingService(failure) })
    expect(await h.ok('CONNECT_EMAIL', { email: 'ann@example.test' })).toEqual({ action: 'VERIFY_OTP' })
    const answer = await h.send('CONNECT_OTP', { otp: '123456' })
    expect(answer.type).toBe('@portico-frame/CONNECT_OTP_ERROR')
    expect(answer.payload).toEqual({ message: expect.any(String), ...expected })
  })

  it("gives the frame's own failures a reason: no session, a method outside the allowed list", async () => {
    const h = createFrameHarness()
    expect((await h.send('UPDATE_EMAIL', { email: 'new@example.test' })).payload).toMatchObject({
      reason: 'NOT_CONNECTED',
    })
    expect((await h.send('RPC_REQUEST', { method: 'admin_peers' })).payload).toMatchObject({
      reason: 'NOT_ALLOWED',
    })
  })
})
