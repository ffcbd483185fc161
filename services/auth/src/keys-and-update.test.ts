import { rekeyMessage } from '@portico/wire'
import { split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { serversClosedAfterEach, testClock } from './auth-test-helpers.js'
import { frameMadeWallet, rebuildsKey } from './custody-test-wallets.js'
import { sealShare } from './share-cipher.js'

const start = serversClosedAfterEach()

describe('key custody', () => {
  it('stores a user-held wallet once and returns its auth share and envelope only to a session', async () => {
    const t = await start()
    const { session, user } = await t.signIn('keys@example.com')
    const wallet = await frameMadeWallet(user.id)
    expect((await t.get('/auth/v1/keys')).statusCode).toBe(401)
    expect((await t.get('/auth/v1/keys', session.token)).json()).toEqual({
      custody: 'user-held',
      wallet: null,
    })
    const body = { address: wallet.address, authShare: wallet.authShare, recovery: wallet.envelope }
    expect((await t.post('/auth/v1/keys', body, session.token)).statusCode).toBe(201)
    const twice = await t.post('/auth/v1/keys', body, session.token)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error.code).toBe('CONFLICT')
    expect((await t.get('/auth/v1/keys', session.token)).json()).toEqual({
      custody: 'user-held',
      wallet: {
        address: wallet.address,
        authShare: wallet.authShare,
        recovery: wallet.envelope,
        sealedRecoveryShare: false,
      },
    })
    expect((await t.post('/auth/v1/keys/recover', {})).statusCode).toBe(401)
    const recovered = await t.post('/auth/v1/keys/recover', {}, session.token)
    expect(recovered.statusCode).toBe(409)
    expect(recovered.json().error.message).toContain('passkey or recovery code')
    const bad = await t.post(
      '/auth/v1/keys',
      { address: '0x12', authShare: 'ab', recovery: wallet.envelope },
      session.token,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toContain('address')
    const badEnvelope = await t.post(
      '/auth/v1/keys',
      { ...body, recovery: { ...wallet.envelope, kind: 'password' } },
      session.token,
    )
    expect(badEnvelope.statusCode).toBe(400)
  }, 120_000)

  it('migrates a wallet whose recovery share the service sealed: re-split, signed, sealed share deleted', async () => {
    const masterKey = '24'.repeat(32)
    const t = await start({ masterKey })
    const { session, user } = await t.signIn('legacy@example.com')
    const old = await frameMadeWallet(user.id)
    // As a wallet made before user-held custody was stored.
    await t.server.db
      .insertInto('wallets')
      .values({
        user_id: user.id,
        address: old.address,
        auth_share: old.authShare,
        recovery_share_sealed: sealShare(Buffer.from(masterKey, 'hex'), user.id, old.recoveryShare),
        recovery_kind: null,
        recovery_ciphertext: null,
        recovery_salt: null,
        recovery_credential_id: null,
      })
      .execute()
    expect((await t.get('/auth/v1/keys', session.token)).json().wallet).toMatchObject({
      recovery: null,
      sealedRecoveryShare: true,
    })
    // The device rebuilt the key from its share and the auth share, and splits it anew.
    const fresh = await frameMadeWallet(user.id)
    const [device, auth] = await resplit(old.privateKey)
    const rekey = {
      authShare: auth,
      recovery: fresh.envelope,
      signature: await privateKeyToAccount(old.privateKey).signMessage({
        message: rekeyMessage({
          userId: user.id,
          address: old.address,
          currentAuthShare: old.authShare,
          authShare: auth,
          recovery: fresh.envelope,
        }),
      }),
    }
    expect((await t.post('/auth/v1/keys/rekey', rekey, session.token)).statusCode).toBe(204)
    const row = await t.server.db
      .selectFrom('wallets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ auth_share: auth, recovery_share_sealed: null, recovery_kind: 'code' })
    expect(await rebuildsKey([device, auth], old.address)).toBe(old.privateKey)
    // The old shares no longer pair with the new auth share's wallet record; replaying fails.
    expect((await t.post('/auth/v1/keys/rekey', rekey, session.token)).statusCode).toBe(400)
    expect((await t.post('/auth/v1/keys/recover', {}, session.token)).statusCode).toBe(409)
  }, 120_000)
})

/** A new 2-of-3 split of `privateKey`: [device, auth, recovery] shares as hex. */
async function resplit(privateKey: `0x${string}`): Promise<[string, string, string]> {
  const [device, auth, recovery] = (await split(hexToBytes(privateKey), 3, 2)).map((share) =>
    bytesToHex(share).slice(2),
  )
  if (!device || !auth || !recovery) throw new Error('split failed')
  return [device, auth, recovery]
}

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
