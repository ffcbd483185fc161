import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { type CreateSiweOptions, createSiwe } from './create-siwe.js'
import type { SiweErrorCode } from './siwe-errors.js'

const visitor = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const DOMAIN = 'app.example:8080'
const START = Date.UTC(2026, 0, 1, 12)

function setUp(options: Partial<CreateSiweOptions> = {}) {
  let time = START
  const siwe = createSiwe({ domain: DOMAIN, chainIds: [1, 10], now: () => time, ...options })
  const advance = (ms: number) => {
    time += ms
  }
  return { siwe, advance }
}

type MessageFields = Partial<Parameters<typeof createSiweMessage>[0]>

async function signIn(nonce: string, fields: MessageFields = {}, signer = visitor) {
  const message = createSiweMessage({
    domain: DOMAIN,
    uri: `http://${DOMAIN}`,
    address: visitor.address,
    chainId: 1,
    nonce,
    version: '1',
    issuedAt: new Date(START),
    ...fields,
  })
  return { message, signature: await signer.signMessage({ message }) }
}

async function refusal(promise: Promise<unknown>): Promise<SiweErrorCode> {
  const error = await promise.then(
    () => undefined,
    (caught: { code: SiweErrorCode }) => caught,
  )
  if (!error) throw new Error('the sign-in was accepted')
  return error.code
}

describe('createSiwe', () => {
  it('opens a session for a message signed by its address, with its nonce, domain and chain', async () => {
    const { siwe } = setUp({ sessionTtlMs: 60_000 })
    const session = await siwe.verify(await signIn(await siwe.issueNonce()))
    expect(session).toMatchObject({
      address: visitor.address,
      chainId: 1,
      issuedAt: START,
      expiresAt: START + 60_000,
    })
    expect(session.id).toMatch(/^[0-9a-f]{64}$/)
    expect(await siwe.getSession(session.id)).toEqual(session)
  })

  it('issues a different nonce each time', async () => {
    const { siwe } = setUp()
    const nonces = await Promise.all(Array.from({ length: 20 }, () => siwe.issueNonce()))
    expect(new Set(nonces).size).toBe(20)
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/)
  })

  it('refuses a nonce it never issued', async () => {
    const { siwe } = setUp()
    expect(await refusal(siwe.verify(await signIn('madeUpNonce123')))).toBe('UNKNOWN_NONCE')
  })

  it('refuses the same signed message twice (replay)', async () => {
    const { siwe } = setUp()
    const signed = await signIn(await siwe.issueNonce())
    await siwe.verify(signed)
    expect(await refusal(siwe.verify(signed))).toBe('NONCE_REUSED')
  })

  it('refuses a nonce signed after it expired', async () => {
    const { siwe, advance } = setUp({ nonceTtlMs: 1_000 })
    const signed = await signIn(await siwe.issueNonce())
    advance(1_000)
    expect(await refusal(siwe.verify(signed))).toBe('NONCE_EXPIRED')
  })

  it('refuses a message past its expiration time', async () => {
    const { siwe, advance } = setUp()
    const signed = await signIn(await siwe.issueNonce(), { expirationTime: new Date(START + 30_000) })
    advance(30_000)
    expect(await refusal(siwe.verify(signed))).toBe('MESSAGE_EXPIRED')
  })

  it('refuses a message before its not-before time', async () => {
    const { siwe } = setUp()
    const signed = await signIn(await siwe.issueNonce(), { notBefore: new Date(START + 30_000) })
    expect(await refusal(siwe.verify(signed))).toBe('MESSAGE_NOT_YET_VALID')
  })

  it('refuses a message for another domain', async () => {
    const { siwe } = setUp()
    const signed = await signIn(await siwe.issueNonce(), { domain: 'phishing.example' })
    expect(await refusal(siwe.verify(signed))).toBe('WRONG_DOMAIN')
  })

  it('refuses a chain it does not accept', async () => {
    const { siwe } = setUp()
    const signed = await signIn(await siwe.issueNonce(), { chainId: 137 })
    expect(await refusal(siwe.verify(signed))).toBe('WRONG_CHAIN')
  })

  it('refuses a signature by another key than the address in the message', async () => {
    const { siwe } = setUp()
    const signed = await signIn(await siwe.issueNonce(), {}, stranger)
    expect(await refusal(siwe.verify(signed))).toBe('INVALID_SIGNATURE')
  })

  it('refuses a message that names another address than the signer', async () => {
    const { siwe } = setUp()
    const signed = await signIn(await siwe.issueNonce(), { address: stranger.address })
    expect(await refusal(siwe.verify(signed))).toBe('INVALID_SIGNATURE')
  })

  it('refuses a signature of another message', async () => {
    const { siwe } = setUp()
    const nonce = await siwe.issueNonce()
    const signed = await signIn(nonce)
    const other = await signIn(nonce, { statement: 'Something else' })
    expect(await refusal(siwe.verify({ message: other.message, signature: signed.signature }))).toBe(
      'INVALID_SIGNATURE',
    )
  })

  it('spends the nonce on a failed attempt too', async () => {
    const { siwe } = setUp()
    const nonce = await siwe.issueNonce()
    await refusal(siwe.verify(await signIn(nonce, {}, stranger)))
    expect(await refusal(siwe.verify(await signIn(nonce)))).toBe('NONCE_REUSED')
  })

  it('refuses text that is not an EIP-4361 message, and a malformed request', async () => {
    const { siwe } = setUp()
    expect(await refusal(siwe.verify({ message: 'hello', signature: '0x00' }))).toBe('INVALID_MESSAGE')
    expect(await refusal(siwe.verify({ message: '', signature: 'nope' }))).toBe('INVALID_MESSAGE')
    const signed = await signIn(await siwe.issueNonce())
    expect(
      await refusal(siwe.verify({ ...signed, message: signed.message.replace('Version: 1', 'Version: 2') })),
    ).toBe('INVALID_MESSAGE')
  })

  it('ends a session at its expiry and on sign-out', async () => {
    const { siwe, advance } = setUp({ sessionTtlMs: 10_000 })
    const first = await siwe.verify(await signIn(await siwe.issueNonce()))
    const second = await siwe.verify(await signIn(await siwe.issueNonce()))
    await siwe.signOut(first.id)
    expect(await siwe.getSession(first.id)).toBeUndefined()
    expect(await siwe.getSession(second.id)).toBeDefined()
    advance(10_000)
    expect(await siwe.getSession(second.id)).toBeUndefined()
  })

  it('ends a session no later than the message expires', async () => {
    const { siwe } = setUp()
    const expirationTime = new Date(START + 5_000)
    const session = await siwe.verify(await signIn(await siwe.issueNonce(), { expirationTime }))
    expect(session.expiresAt).toBe(START + 5_000)
  })
  it('refuses an Issued At a year off, or further ahead than the clock skew', async () => {
    const { siwe } = setUp()
    const yearAgo = await signIn(await siwe.issueNonce(), { issuedAt: new Date(START - 365 * 86_400_000) })
    expect(await refusal(siwe.verify(yearAgo))).toBe('ISSUED_AT_OUT_OF_RANGE')
    const yearAhead = await signIn(await siwe.issueNonce(), { issuedAt: new Date(START + 365 * 86_400_000) })
    expect(await refusal(siwe.verify(yearAhead))).toBe('ISSUED_AT_OUT_OF_RANGE')
    const tenMinutesAhead = await signIn(await siwe.issueNonce(), { issuedAt: new Date(START + 600_000) })
    expect(await refusal(siwe.verify(tenMinutesAhead))).toBe('ISSUED_AT_OUT_OF_RANGE')
    // A wallet whose clock is a minute fast is fine.
    const minuteAhead = await signIn(await siwe.issueNonce(), { issuedAt: new Date(START + 60_000) })
    await expect(siwe.verify(minuteAhead)).resolves.toMatchObject({ address: visitor.address })
  })

  it('refuses a URI on another site than the domain', async () => {
    const { siwe } = setUp()
    for (const uri of ['https://evil.example/login', 'http://app.example:9090', 'ftp://app.example:8080']) {
      const signed = await signIn(await siwe.issueNonce(), { uri })
      expect(await refusal(siwe.verify(signed)), uri).toBe('WRONG_URI')
    }
    const deeper = await signIn(await siwe.issueNonce(), { uri: `https://${DOMAIN}/account?x=1` })
    await expect(siwe.verify(deeper)).resolves.toMatchObject({ chainId: 1 })
  })

  it('limits the nonces issued per client and in total per window', async () => {
    const { siwe, advance } = setUp({ nonceLimits: { perClient: 3, total: 5, windowMs: 60_000 } })
    for (let index = 0; index < 3; index++) await siwe.issueNonce('203.0.113.7')
    const refused = await siwe.issueNonce('203.0.113.7').catch((error) => error)
    expect(refused).toMatchObject({ code: 'TOO_MANY_NONCES', retryAfterSeconds: 60 })
    await siwe.issueNonce('198.51.100.1')
    await siwe.issueNonce('198.51.100.2')
    // Five in this window: everyone waits now.
    expect(await siwe.issueNonce('198.51.100.3').catch((error) => error.code)).toBe('TOO_MANY_NONCES')
    advance(60_000)
    await expect(siwe.issueNonce('203.0.113.7')).resolves.toMatch(/^[0-9a-f]{32}$/)
  })

  it('issues at most the default per-client limit to one client (3,000 asked in a burst)', async () => {
    const { siwe } = setUp()
    const outcomes = await Promise.allSettled(
      Array.from({ length: 3_000 }, () => siwe.issueNonce('203.0.113.9')),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBe(30)
  })
})
