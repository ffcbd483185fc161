import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createFakeAuthService } from './testing/fake-auth-service.js'
import { createFakePasskeys, createFakeVisitor } from './testing/fake-visitor.js'
import { createFrameHarness } from './testing/frame-harness.js'

type User = { address: string; email: string | null; socialProvider: string | null }

/** A device with the visitor's (synced) authenticator and the frame's passkey sheet. */
function device(
  service: ReturnType<typeof createFakeAuthService>,
  authenticator: ReturnType<typeof createFakePasskeys>,
  choice: 'signIn' | 'create' | 'close',
) {
  const visitor = createFakeVisitor({ passkey: choice })
  return createFrameHarness({
    service,
    visitor,
    handler: {
      passkeys: authenticator.passkeys,
      passkeySignIn: { ui: visitor.passkeySheet, ceremonies: authenticator.ceremonies },
    },
  })
}

const reasonOf = (reply: { type: string; payload?: unknown }) => ({
  type: reply.type,
  reason: (reply.payload as { reason?: string } | undefined)?.reason,
})

describe('frame handler: passkey sign-in', () => {
  it('makes a passkey account whose wallet is sealed by the same touch, and opens it on a new device', async () => {
    const service = createFakeAuthService()
    const authenticator = createFakePasskeys()
    const first = device(service, authenticator, 'create')
    const made = (await first.ok('CONNECT_PASSKEY')) as User
    expect(made).toMatchObject({ email: null, socialProvider: 'passkey' })
    const wallet = [...service.wallets.values()][0]
    // Sealed under the passkey that signed in: no recovery sheet, no code shown.
    expect(wallet?.recovery).toMatchObject({ kind: 'passkey', credentialId: expect.any(String) })
    expect(first.visitor.setUps).toEqual([])
    expect(first.visitor.savedCodes).toEqual([])

    // A new device with the synced passkey: one touch signs in and opens the same wallet.
    const second = device(service, authenticator, 'signIn')
    const again = (await second.ok('CONNECT_PASSKEY')) as User
    expect(again.address).toBe(made.address)
    expect(second.visitor.unlocks).toEqual([])
    // The wallet was split anew for this device, its recovery share still under the same passkey.
    expect(service.calls.filter((call) => call === 'POST /keys/rekey')).toHaveLength(1)
    expect([...service.wallets.values()][0]?.recovery?.credentialId).toBe(wallet?.recovery?.credentialId)
    // The new device's share rebuilds the key; the first device's old share no longer combines.
    expect(privateKeyToAddress(await second.privateKey())).toBe(made.address)
    await expect(first.privateKey()).rejects.toThrow()
  })

  it('asks for the recovery factor as usual when the passkey gives no PRF output', async () => {
    const service = createFakeAuthService()
    const authenticator = createFakePasskeys({ prf: false })
    const h = device(service, authenticator, 'create')
    await h.ok('CONNECT_PASSKEY')
    expect(h.visitor.setUps).toHaveLength(1)
    expect([...service.wallets.values()][0]?.recovery?.kind).toBe('code')
  })

  it('says why a passkey sign-in ended without one, and stays signed out', async () => {
    const service = createFakeAuthService()
    const authenticator = createFakePasskeys()
    // The visitor closes the sheet, or cancels the browser's prompt (NotAllowedError).
    const closed = device(service, authenticator, 'close')
    expect(reasonOf(await closed.send('CONNECT_PASSKEY'))).toEqual({
      type: '@portico-frame/CONNECT_PASSKEY_ERROR',
      reason: 'PASSKEY_CANCELLED',
    })
    authenticator.control.refuse = 'NotAllowedError'
    const cancelled = device(service, authenticator, 'create')
    expect(reasonOf(await cancelled.send('CONNECT_PASSKEY')).reason).toBe('PASSKEY_CANCELLED')
    authenticator.control.refuse = 'SecurityError'
    expect(reasonOf(await cancelled.send('CONNECT_PASSKEY')).reason).toBe('PASSKEY_UNSUPPORTED')
    authenticator.control.refuse = undefined
    expect(service.users.size).toBe(0)
    expect(await cancelled.ok('IS_CONNECTED')).toEqual({ isConnected: false })

    // A passkey the service does not know (made elsewhere), then a browser without WebAuthn.
    const stranger = createFakePasskeys()
    await stranger.ceremonies.create({} as never, new Uint8Array(32))
    expect(reasonOf(await device(service, stranger, 'signIn').send('CONNECT_PASSKEY')).reason).toBe(
      'PASSKEY_UNKNOWN',
    )
    const old = createFakePasskeys({ available: false })
    expect(reasonOf(await device(service, old, 'create').send('CONNECT_PASSKEY')).reason).toBe(
      'PASSKEY_UNSUPPORTED',
    )
    // The operator switched passkey sign-in off.
    const off = device(createFakeAuthService({ passkeySignIn: false }), authenticator, 'create')
    expect(reasonOf(await off.send('CONNECT_PASSKEY')).reason).toBe('PASSKEY_OFF')
    expect(off.visitor.setUps).toEqual([])
  })
})
