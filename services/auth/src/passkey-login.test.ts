import { loginResultSchema } from '@portico/wire'
import { describe, expect, it } from 'vitest'
import { DEVICE, OTHER_DEVICE, serversClosedAfterEach, testClock } from './auth-test-helpers.js'
import { frameMadeWallet } from './custody-test-wallets.js'
import { PASSKEY_CHALLENGE_TTL_MS } from './passkey-challenges.js'
import { softAuthenticator } from './passkey-test-authenticator.js'

const start = serversClosedAfterEach()
const ORIGIN = 'http://localhost:3004'
const authenticator = softAuthenticator({ origin: ORIGIN, rpId: 'localhost' })

type Server = Awaited<ReturnType<typeof start>>

const registerOptions = async (t: Server, deviceId = DEVICE) => {
  const response = await t.post('/auth/v1/passkey/register/options', { deviceId })
  expect(response.statusCode).toBe(200)
  return response.json().options as { challenge: string; rp: { id: string }; user: { id: string } }
}

const signInOptions = async (t: Server, deviceId = DEVICE) => {
  const response = await t.post('/auth/v1/passkey/sign-in/options', { deviceId })
  expect(response.statusCode).toBe(200)
  return response.json().options as { challenge: string; rpId: string }
}

/** A new passkey account on DEVICE: the passkey, and its first session. */
async function register(t: Server) {
  const options = await registerOptions(t)
  const { passkey, response } = authenticator.create(options)
  const verified = await t.post('/auth/v1/passkey/register/verify', { deviceId: DEVICE, response })
  expect(verified.statusCode).toBe(200)
  return { passkey, login: loginResultSchema.parse(verified.json()), response }
}

const errorOf = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  code: (response.json() as { error?: { code?: string } }).error?.code,
})

describe('passkey accounts', () => {
  it('makes an account whose only sign-in is its passkey, on the auth host as relying party', async () => {
    const t = await start()
    const options = await registerOptions(t)
    // The relying party is the auth service's host (where the frame runs), never the dApp's.
    expect(options.rp.id).toBe('localhost')
    const { passkey, login } = await register(t)
    expect(login.user).toMatchObject({ email: null, userName: null, socialProvider: 'passkey' })
    expect((await t.get('/auth/v1/session', login.session.token)).json()).toEqual({ user: login.user })

    // A new device: the discoverable passkey alone names the account (no user name asked).
    const signIn = await signInOptions(t, OTHER_DEVICE)
    expect(signIn.rpId).toBe('localhost')
    const verified = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: OTHER_DEVICE,
      response: authenticator.get(passkey, signIn),
    })
    expect(verified.statusCode).toBe(200)
    const again = loginResultSchema.parse(verified.json())
    expect(again.user.id).toBe(login.user.id)
    expect(again.session.token).not.toBe(login.session.token)
    const stored = await t.server.db.selectFrom('passkey_credentials').selectAll().executeTakeFirstOrThrow()
    expect(Number(stored.counter)).toBe(passkey.counter)
    expect(stored.user_id).toBe(login.user.id)
  })

  it('refuses a replayed registration or sign-in: each challenge is redeemed once', async () => {
    const t = await start()
    const { passkey, response } = await register(t)
    const replayed = await t.post('/auth/v1/passkey/register/verify', { deviceId: DEVICE, response })
    expect(errorOf(replayed)).toEqual({ status: 400, code: 'BAD_REQUEST' })

    const options = await signInOptions(t)
    const assertion = authenticator.get(passkey, options)
    expect(
      (await t.post('/auth/v1/passkey/sign-in/verify', { deviceId: DEVICE, response: assertion })).statusCode,
    ).toBe(200)
    const replay = await t.post('/auth/v1/passkey/sign-in/verify', { deviceId: DEVICE, response: assertion })
    expect(errorOf(replay)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    expect(replay.json().error.message).toMatch(/challenge/)
  })

  it('refuses a challenge issued to another device, or for the other ceremony', async () => {
    const t = await start()
    const { passkey } = await register(t)
    // Another visitor's challenge (another device's), answered from here.
    const theirs = await signInOptions(t, OTHER_DEVICE)
    const stolen = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(passkey, theirs),
    })
    expect(errorOf(stolen)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    // A registration challenge does not sign in, and a sign-in challenge makes no account.
    const registration = await registerOptions(t)
    const crossed = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(passkey, registration),
    })
    expect(errorOf(crossed)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    const signIn = await signInOptions(t)
    const made = authenticator.create({ challenge: signIn.challenge, user: { id: 'x' } }).response
    const madeWithSignIn = await t.post('/auth/v1/passkey/register/verify', {
      deviceId: DEVICE,
      response: made,
    })
    expect(errorOf(madeWithSignIn)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    expect(await t.server.db.selectFrom('users').select('id').execute()).toHaveLength(1)
  })

  it('refuses an answer made for another origin or another relying party, and spends its challenge', async () => {
    const t = await start()
    const { passkey } = await register(t)
    for (const overrides of [{ origin: 'http://127.0.0.1:3000' }, { rpId: 'evil.example' }]) {
      const created = authenticator.create(await registerOptions(t), overrides).response
      const refused = await t.post('/auth/v1/passkey/register/verify', {
        deviceId: DEVICE,
        response: created,
      })
      expect(errorOf(refused)).toEqual({ status: 400, code: 'BAD_REQUEST' })

      const options = await signInOptions(t)
      const wrong = await t.post('/auth/v1/passkey/sign-in/verify', {
        deviceId: DEVICE,
        response: authenticator.get(passkey, options, overrides),
      })
      expect(errorOf(wrong)).toEqual({ status: 400, code: 'BAD_REQUEST' })
      // The refused answer burned its challenge: the right answer to it comes too late.
      const late = await t.post('/auth/v1/passkey/sign-in/verify', {
        deviceId: DEVICE,
        response: authenticator.get(passkey, options),
      })
      expect(errorOf(late)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    }
    expect(
      await t.server.db.selectFrom('passkey_credentials').select('credential_id').execute(),
    ).toHaveLength(1)
  })

  it('takes a ceremony run in the frame embedded by an allowed dApp, and refuses one embedded elsewhere', async () => {
    const t = await start()
    // The development default lets the demo (http://127.0.0.1:3000) embed the frame.
    const embedded = { topOrigin: 'http://127.0.0.1:3000' }
    const made = authenticator.create(await registerOptions(t), embedded)
    const verified = await t.post('/auth/v1/passkey/register/verify', {
      deviceId: DEVICE,
      response: made.response,
    })
    expect(verified.statusCode).toBe(200)
    const signedIn = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(made.passkey, await signInOptions(t), embedded),
    })
    expect(signedIn.statusCode).toBe(200)

    const elsewhere = { topOrigin: 'https://evil.example' }
    const foreign = authenticator.create(await registerOptions(t), elsewhere).response
    const refused = await t.post('/auth/v1/passkey/register/verify', { deviceId: DEVICE, response: foreign })
    expect(errorOf(refused)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    const framed = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(made.passkey, await signInOptions(t), elsewhere),
    })
    expect(errorOf(framed)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    expect(await t.server.db.selectFrom('users').select('id').execute()).toHaveLength(1)
  })

  it('refuses a counter that went back (a cloned passkey) and an answer without user verification', async () => {
    const t = await start()
    const { passkey } = await register(t)
    const first = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(passkey, await signInOptions(t), { counter: 5 }),
    })
    expect(first.statusCode).toBe(200)
    const cloned = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(passkey, await signInOptions(t), { counter: 5 }),
    })
    expect(errorOf(cloned)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    expect(cloned.json().error.message).toMatch(/counter/i)
    const unverified = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(passkey, await signInOptions(t), { userVerified: false }),
    })
    expect(errorOf(unverified)).toEqual({ status: 400, code: 'BAD_REQUEST' })
    const notVerifiedAtCreation = authenticator.create(await registerOptions(t), { userVerified: false })
    const created = await t.post('/auth/v1/passkey/register/verify', {
      deviceId: DEVICE,
      response: notVerifiedAtCreation.response,
    })
    expect(errorOf(created)).toEqual({ status: 400, code: 'BAD_REQUEST' })
  })

  it('refuses an assertion of an unknown passkey, and one whose user handle names another account', async () => {
    const t = await start()
    const { passkey } = await register(t)
    const stranger = authenticator.create(await registerOptions(t)).passkey
    const unknown = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(stranger, await signInOptions(t)),
    })
    expect(errorOf(unknown)).toEqual({ status: 404, code: 'NOT_FOUND' })
    const other = Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url')
    const swapped = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(passkey, await signInOptions(t), { userHandle: other }),
    })
    expect(errorOf(swapped)).toEqual({ status: 400, code: 'BAD_REQUEST' })
  })

  it('refuses an expired challenge', async () => {
    const clock = testClock()
    const t = await start({ now: clock.now })
    const { passkey } = await register(t)
    const options = await signInOptions(t)
    clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1)
    const late = await t.post('/auth/v1/passkey/sign-in/verify', {
      deviceId: DEVICE,
      response: authenticator.get(passkey, options),
    })
    expect(errorOf(late)).toEqual({ status: 400, code: 'BAD_REQUEST' })
  })

  it('answers malformed bodies and foreign origins with a 4xx, writing nothing', async () => {
    const t = await start()
    const { response } = await register(t)
    const bodies: unknown[] = [
      {},
      { deviceId: 'short' },
      { deviceId: DEVICE, response: {} },
      { deviceId: DEVICE, response: { ...response, type: 'password' } },
      {
        deviceId: DEVICE,
        response: { ...response, response: { ...response.response, clientDataJSON: '!!' } },
      },
      {
        deviceId: DEVICE,
        response: { ...response, response: { ...response.response, clientDataJSON: 'bm90IGpzb24' } },
      },
      {
        deviceId: DEVICE,
        response: { ...response, response: { ...response.response, attestationObject: 'A'.repeat(40_000) } },
      },
    ]
    for (const body of bodies) {
      for (const path of ['register/verify', 'sign-in/verify']) {
        const answer = await t.post(`/auth/v1/passkey/${path}`, body as object)
        expect(answer.statusCode, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400)
      }
    }
    expect((await t.post('/auth/v1/passkey/sign-in/options', { deviceId: 'x' })).statusCode).toBe(400)
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/passkey/register/options',
      payload: { deviceId: DEVICE },
      headers: { origin: 'http://127.0.0.1:3000' },
    })
    expect(errorOf(foreign)).toEqual({ status: 403, code: 'ORIGIN_NOT_ALLOWED' })
    expect(await t.server.db.selectFrom('users').select('id').execute()).toHaveLength(1)
  })

  it('is not a step-up: a passkey session gets the auth share only, even from a custodial service', async () => {
    const t = await start({ custody: 'custodial' })
    const { login } = await register(t)
    const token = login.session.token
    const wallet = await frameMadeWallet(login.user.id)
    const stored = await t.post(
      '/auth/v1/keys',
      { address: wallet.address, authShare: wallet.authShare, recoveryShare: wallet.recoveryShare },
      token,
    )
    expect(stored.statusCode).toBe(201)
    const recover = await t.post('/auth/v1/keys/recover', {}, token)
    expect(errorOf(recover)).toEqual({ status: 403, code: 'STEP_UP_REQUIRED' })
    // No address to mail a step-up code to: the service cannot be talked into releasing it.
    expect(errorOf(await t.post('/auth/v1/keys/step-up', {}, token))).toEqual({
      status: 409,
      code: 'CONFLICT',
    })
    expect(await t.server.db.selectFrom('step_ups').selectAll().execute()).toEqual([])
  })

  it('answers 404 on every passkey route when the operator switched passkey sign-in off', async () => {
    const t = await start({ passkeySignIn: false })
    for (const path of ['register/options', 'register/verify', 'sign-in/options', 'sign-in/verify']) {
      const answer = await t.post(`/auth/v1/passkey/${path}`, { deviceId: DEVICE })
      expect(errorOf(answer)).toEqual({ status: 404, code: 'NOT_FOUND' })
    }
  })
})
