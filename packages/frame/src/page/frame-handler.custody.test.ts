import { describe, expect, it } from 'vitest'
import { VAULT_KEYS } from './frame-vault.js'
import { createFakeAuthService } from './testing/fake-auth-service.js'
import { createFakePasskeys, createFakeVisitor } from './testing/fake-visitor.js'
import { createFrameHarness } from './testing/frame-harness.js'
import { splitWalletKey } from './wallet-keys.js'

type User = { address: string }

/** A second device of the same user: e-mail sign-in confirmed by the (fake) mailbox. */
async function signInOnNewDevice(h: ReturnType<typeof createFrameHarness>, email: string) {
  h.service.advanceClock(60_000)
  await h.ok('CONNECT_EMAIL', { email })
  h.service.confirmDevice(email, JSON.parse(h.storage.map.get(VAULT_KEYS.deviceId) as string))
  return h.send('CONNECT_OTP', { otp: '123456' })
}

describe('frame handler: user-held custody', () => {
  it('sets up a passkey when one can be made, and opens the wallet with it on a new device', async () => {
    const service = createFakeAuthService()
    const { passkeys } = createFakePasskeys()
    const visitor = createFakeVisitor({ setUp: 'passkey' })
    const first = createFrameHarness({ service, visitor, handler: { passkeys } })
    await first.loginByEmail('pia@example.test')
    const { address } = (await first.ok('GET_USER')) as User
    const wallet = [...service.wallets.values()][0]
    expect(wallet?.recovery).toMatchObject({ kind: 'passkey', credentialId: expect.any(String) })
    expect(visitor.savedCodes).toEqual([])

    const second = createFrameHarness({ service, visitor, handler: { passkeys } })
    expect((await signInOnNewDevice(second, 'pia@example.test')).type).toBe(
      '@portico-frame/CONNECT_OTP_SUCCESS',
    )
    expect(((await second.ok('GET_USER')) as User).address).toBe(address)
    expect(visitor.unlocks.map((prompt) => prompt.kind)).toEqual(['passkey'])
  })

  it('fails clearly with a missing passkey or a wrong code: no wallet, no session', async () => {
    const service = createFakeAuthService()
    const fake = createFakePasskeys()
    const first = createFrameHarness({
      service,
      visitor: createFakeVisitor({ setUp: 'passkey' }),
      handler: { passkeys: fake.passkeys },
    })
    await first.loginByEmail('quinn@example.test')
    fake.forget()
    const second = createFrameHarness({
      service,
      visitor: createFakeVisitor({ setUp: 'passkey' }),
      handler: { passkeys: fake.passkeys },
    })
    expect(await signInOnNewDevice(second, 'quinn@example.test')).toMatchObject({
      type: '@portico-frame/CONNECT_OTP_ERROR',
      payload: { message: 'The wallet was not opened: sign in again to continue' },
    })
    expect(await second.ok('IS_CONNECTED')).toEqual({ isConnected: false })

    const codeOwner = createFrameHarness({ service })
    await codeOwner.loginByEmail('rosa@example.test')
    const guesser = createFrameHarness({
      service,
      visitor: createFakeVisitor({ typed: ['0000-0000-0000-0000-0000-0000', 'not even a code'] }),
    })
    expect((await signInOnNewDevice(guesser, 'rosa@example.test')).type).toBe(
      '@portico-frame/CONNECT_OTP_ERROR',
    )
    expect(guesser.visitor.tried).toHaveLength(2)
    expect(await guesser.ok('IS_CONNECTED')).toEqual({ isConnected: false })
    expect(service.calls.filter((call) => call === 'POST /keys/rekey')).toHaveLength(0)
  })

  it('falls back to the recovery code where the passkey has no PRF, and signs out when setup is closed', async () => {
    const noPrf = createFakePasskeys({ prf: false })
    const h = createFrameHarness({
      visitor: createFakeVisitor({ setUp: 'passkey' }),
      handler: { passkeys: noPrf.passkeys },
    })
    // The visitor tried a passkey; it could not seal anything, so the code they saved is the factor.
    h.visitor.state.setUp = 'code'
    await h.loginByEmail('sam@example.test')
    expect([...h.service.wallets.values()][0]?.recovery?.kind).toBe('code')

    const closed = createFrameHarness({ visitor: createFakeVisitor({ setUp: 'close' }) })
    expect(await closed.send('CONNECT_EMAIL', { email: 'tom@example.test' })).toMatchObject({})
    expect((await closed.send('CONNECT_OTP', { otp: '123456' })).type).toBe(
      '@portico-frame/CONNECT_OTP_ERROR',
    )
    expect(closed.service.wallets.size).toBe(0)
    expect(await closed.ok('IS_CONNECTED')).toEqual({ isConnected: false })
  })

  it('migrates a wallet the service could rebuild at a sign-in on the device that holds its share', async () => {
    const service = createFakeAuthService()
    const h = createFrameHarness({ service })
    await h.loginByEmail('uma@example.test')
    const userId = [...service.wallets.keys()][0] as string
    // As a wallet from before user-held custody: the service held the recovery share itself.
    const old = await splitWalletKey(await h.privateKey())
    service.wallets.set(userId, {
      address: old.address,
      authShare: old.authShare,
      recoveryShare: old.recoveryShare,
    })
    h.storage.map.set(
      VAULT_KEYS.deviceShares,
      JSON.stringify([[userId, { address: old.address, share: old.deviceShare }]]),
    )
    await h.ok('SIGN_OUT')
    service.advanceClock(60_000)
    await h.loginByEmail('uma@example.test')
    const migrated = service.wallets.get(userId)
    expect(migrated?.recoveryShare).toBeUndefined()
    expect(migrated?.recovery?.kind).toBe('code')
    expect(migrated?.authShare).not.toBe(old.authShare)
    expect(await h.privateKey()).toBe(old.privateKey)
    expect(h.visitor.savedCodes).toHaveLength(2)
  })
})
