import { describe, expect, it } from 'vitest'
import {
  codeSecret,
  newRecoveryCode,
  normalizeRecoveryCode,
  openRecoveryShare,
  sealRecoveryShare,
  WrongRecoveryFactorError,
} from './recovery-envelope.js'

const random = (size: number) => crypto.getRandomValues(new Uint8Array(size))
const SHARE = `01${'ab'.repeat(32)}`
const context = { userId: 'user-1', address: '0x1111111111111111111111111111111111111111' }

describe('recovery envelope', () => {
  it('makes 120-bit codes in six groups, and reads them back however they are typed', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newRecoveryCode(random)))
    expect(codes.size).toBe(200)
    for (const code of codes) expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){5}[0-9A-HJKMNP-TV-Z]{4}$/)
    const code = newRecoveryCode(() => new Uint8Array(15).fill(0xff))
    expect(code).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ')
    expect(normalizeRecoveryCode(' zzzz zzzz-zzzzzzzz ZZZZ zzzz ')).toBe(code)
    expect(normalizeRecoveryCode('OOOO-IIII-LLLL-0000-1111-2222')).toBe('0000-1111-1111-0000-1111-2222')
    expect(normalizeRecoveryCode('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ')).toBeUndefined()
    expect(normalizeRecoveryCode('UUUU-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ')).toBeUndefined()
  })

  it('opens only with the code that sealed it, and only for its own user and address', async () => {
    const code = newRecoveryCode(random)
    const envelope = await sealRecoveryShare({
      share: SHARE,
      secret: codeSecret(code),
      salt: random(32),
      kind: 'code',
      context,
      randomBytes: random,
    })
    expect(envelope.kind).toBe('code')
    expect(envelope.salt).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(JSON.stringify(envelope)).not.toContain(SHARE)
    await expect(openRecoveryShare(envelope, codeSecret(code.toLowerCase()), context)).resolves.toBe(SHARE)
    await expect(openRecoveryShare(envelope, codeSecret(newRecoveryCode(random)), context)).rejects.toThrow(
      WrongRecoveryFactorError,
    )
    await expect(
      openRecoveryShare(envelope, codeSecret(code), { ...context, userId: 'user-2' }),
    ).rejects.toThrow(WrongRecoveryFactorError)
    expect(() => codeSecret('not a code')).toThrow(WrongRecoveryFactorError)
  })

  it('seals under a passkey PRF output just the same', async () => {
    const prf = random(32)
    const envelope = await sealRecoveryShare({
      share: SHARE,
      secret: prf,
      salt: random(32),
      kind: 'passkey',
      credentialId: 'Y3JlZGVudGlhbC1pZC0x',
      context,
      randomBytes: random,
    })
    expect(envelope.credentialId).toBe('Y3JlZGVudGlhbC1pZC0x')
    await expect(openRecoveryShare(envelope, prf, context)).resolves.toBe(SHARE)
    await expect(openRecoveryShare(envelope, random(32), context)).rejects.toThrow(WrongRecoveryFactorError)
  })
})
