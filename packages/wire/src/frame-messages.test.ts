import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toChainIdNumber } from './chain-id.js'
import { appEventNames, parseAppMessage, parseFrameEnvelope } from './frame-messages.js'

const message = (name: string, payload?: unknown, id: unknown = 'abc-1') => ({
  type: `@portico-app/${name}`,
  id,
  payload,
})

describe('app message schemas', () => {
  it('accepts every event with a well-formed payload', () => {
    const good: Record<string, unknown> = {
      SWITCH_NETWORK: { chainId: 'eip155:10' },
      CONNECT_EMAIL: { email: 'a@example.test' },
      CONNECT_OTP: { otp: '123456' },
      CONNECT_SOCIAL: { uri: 'http://auth.test/x' },
      GET_USER: { chainId: 1, preferredAccountType: 'eoa' },
      GET_SOCIAL_REDIRECT_URI: { provider: 'discord' },
      IS_CONNECTED: { token: 't' },
      SET_PREFERRED_ACCOUNT: { type: 'smartAccount' },
      RPC_REQUEST: { method: 'eth_call', params: [{ to: '0x' }, 'latest'] },
      CONNECT_STEP_UP_OTP: { otp: '654321' },
      REVOKE_PERMISSION: { context: `0x${'ab'.repeat(32)}` },
      UPDATE_EMAIL: { email: 'b@example.test' },
      UPDATE_EMAIL_PRIMARY_OTP: { otp: '000000' },
      UPDATE_EMAIL_SECONDARY_OTP: { otp: '999999' },
      SYNC_THEME: { themeMode: 'dark', themeVariables: { '--w3m-accent': '#000', size: 3 } },
      SYNC_DAPP_DATA: {
        metadata: { name: 'n', description: 'd', url: 'https://d.test', icons: ['https://d.test/i.png'] },
        sdkVersion: '1.0.0',
        projectId: 'p',
      },
    }
    for (const name of appEventNames) {
      const parsed = parseAppMessage(message(name, good[name]))
      expect(parsed, name).toMatchObject({ ok: true, message: { name, id: 'abc-1' } })
    }
  })

  it('rejects bad fields with a message that names them, and knows when it may answer', () => {
    expect(parseAppMessage(message('CONNECT_EMAIL', { email: 'nope' }))).toEqual({
      ok: false,
      id: 'abc-1',
      errorType: '@portico-frame/CONNECT_EMAIL_ERROR',
      error: 'Invalid email',
    })
    expect(parseAppMessage(message('CONNECT_OTP', { otp: 123456 }))).toMatchObject({ error: 'Invalid otp' })
    expect(parseAppMessage(message('CONNECT_OTP', { otp: '12345a' }))).toMatchObject({ error: 'Invalid otp' })
    expect(parseAppMessage(message('GET_SOCIAL_REDIRECT_URI', { provider: 'farcaster' }))).toMatchObject({
      error: 'Invalid provider',
    })
    expect(parseAppMessage(message('SYNC_THEME', { themeMode: 'sepia' }))).toMatchObject({
      error: 'Invalid themeMode',
    })
    expect(parseAppMessage(message('SWITCH_NETWORK', { chainId: 0 }))).toMatchObject({ ok: false })
    expect(parseAppMessage(message('REVOKE_PERMISSION', { context: '0x12' }))).toMatchObject({
      error: 'Invalid context',
    })
    expect(parseAppMessage(message('SWITCH_NETWORK', { chainId: 'solana:abc' }))).toMatchObject({ ok: false })
    expect(parseAppMessage({ type: '@portico-app/GET_CHAIN_ID' })).toMatchObject({ ok: false, id: undefined })
    expect(parseAppMessage(message('GET_CHAIN_ID', undefined, 'x'.repeat(65)))).toMatchObject({
      id: undefined,
    })
    expect(parseAppMessage(message('constructor'))).toMatchObject({
      ok: false,
      errorType: '@portico-frame/MESSAGE_ERROR',
    })
    expect(parseAppMessage(message('__proto__'))).toMatchObject({ ok: false })
    expect(parseAppMessage({ type: 'CONNECT_EMAIL', id: 'a' })).toMatchObject({ ok: false, id: 'a' })
  })

  it('normalises chain ids', () => {
    expect([1, '1', '0x1', 'eip155:1', 'eip155:0xa', '8453'].map((value) => toChainIdNumber(value))).toEqual([
      1, 1, 1, 1, 10, 8453,
    ])
  })

  it('never throws on anything', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }),
        (data) => {
          parseAppMessage(data)
          parseFrameEnvelope(data)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('parses frame envelopes strictly', () => {
    expect(parseFrameEnvelope({ type: '@portico-frame/READY' })).toEqual({ type: '@portico-frame/READY' })
    expect(parseFrameEnvelope({ type: '@portico-app/READY' })).toBeUndefined()
    expect(parseFrameEnvelope({ type: '@portico-frame/X_SUCCESS', id: 'bad id!' })).toBeUndefined()
  })
})
