import { farcasterConnectResponseSchema } from '@portico/wire'
import { verifyMessage } from 'viem'
import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVICE, OTHER_DEVICE, startTestServer, testClock } from '../auth-test-helpers.js'
import { custodyAccount, fidForUsername } from './farcaster-accounts.js'

const MASTER_KEY = '11'.repeat(32)
const clock = testClock()
let t: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  t = await startTestServer({ masterKey: MASTER_KEY, longPollMs: 300, now: clock.now })
})
afterAll(() => t.server.close())

const masterKey = Buffer.from(MASTER_KEY, 'hex')
const form = (body: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/farcaster/approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3004' },
    payload: new URLSearchParams(body).toString(),
  })

async function openChannel(deviceId = DEVICE) {
  const response = await t.post('/auth/v1/farcaster/channel', { deviceId })
  expect(response.statusCode).toBe(200)
  return response.json() as { channelToken: string; url: string }
}
const connect = async (channelToken: string, deviceId = DEVICE) => {
  const response = await t.post('/auth/v1/farcaster/connect', { channelToken, deviceId })
  expect(response.statusCode).toBe(200)
  return farcasterConnectResponseSchema.parse(response.json())
}
const status = (channelToken: string) => t.get('/farcaster/v1/channel/status', channelToken)
const sessionCount = async () =>
  Number(
    (
      await t.server.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Authenticates a channel through the relay API as a Farcaster client would (custody-signed by default). */
async function authenticateAs(
  channelToken: string,
  username: string,
  options: { signer?: LocalAccount; nonce?: string; domain?: string; issuedAt?: Date } = {},
) {
  const fid = await fidForUsername(t.server.db, username)
  const custody = custodyAccount(masterKey, username)
  const { nonce } = (await status(channelToken)).json() as { nonce: string }
  const message = createSiweMessage({
    domain: options.domain ?? 'localhost:3004',
    address: custody.address,
    statement: 'Farcaster Auth',
    uri: 'http://localhost:3004',
    version: '1',
    chainId: 10,
    nonce: options.nonce ?? nonce,
    issuedAt: options.issuedAt ?? clock.now(),
    resources: [`farcaster://fid/${fid}`],
  })
  const signature = await (options.signer ?? custody).signMessage({ message })
  const response = await t.post(
    '/farcaster/v1/channel/authenticate',
    { message, signature, fid, username },
    channelToken,
  )
  expect(response.statusCode).toBe(201)
}

describe('Sign In With Farcaster', () => {
  it('approves on the local client page and connects the frame with a session', async () => {
    const { channelToken, url } = await openChannel()
    expect(url).toBe(`http://localhost:3004/farcaster/approve?channelToken=${channelToken}`)
    expect((await status(channelToken)).statusCode).toBe(202)
    expect(await connect(channelToken)).toEqual({ status: 'pending' })

    const page = await t.get(new URL(url).pathname + new URL(url).search)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Sign in with Farcaster')
    expect(page.body).toContain('localhost:3004')
    expect(page.body).toContain('<label for="username">Username</label>')
    expect(page.body).toMatch(/<input id="username" name="username" type="text"/)
    expect(page.body).toMatch(/<button[^>]*value="approve">Approve<\/button>/)
    expect(page.body).toMatch(/<button[^>]*value="reject"[^>]*>Reject<\/button>/)

    const approved = await form({ channelToken, action: 'approve', username: 'alice' })
    expect(approved.statusCode).toBe(200)
    expect(approved.body).toContain('Signed in. You can close this window.')

    const completed = await status(channelToken)
    expect(completed.statusCode).toBe(200)
    const relay = completed.json()
    expect(relay).toMatchObject({ state: 'completed', username: 'alice', url })
    const custody = custodyAccount(masterKey, 'alice').address
    expect(relay.custody).toBe(custody)
    expect(
      await verifyMessage({ address: custody, message: relay.message, signature: relay.signature }),
    ).toBe(true)
    expect(parseSiweMessage(relay.message)).toMatchObject({
      domain: 'localhost:3004',
      address: custody,
      statement: 'Farcaster Auth',
      uri: 'http://localhost:3004',
      chainId: 10,
      nonce: relay.nonce,
      resources: [`farcaster://fid/${relay.fid}`],
    })

    const done = await connect(channelToken)
    if (done.status !== 'done') throw new Error(JSON.stringify(done))
    expect(done.user).toMatchObject({ socialProvider: 'farcaster', userName: 'alice', email: null })
    const session = await t.get('/auth/v1/session', done.session.token)
    expect(session.statusCode).toBe(200)
    expect(session.json().user.id).toBe(done.user.id)

    // Redeemed once: the channel is gone.
    expect((await t.post('/auth/v1/farcaster/connect', { channelToken, deviceId: DEVICE })).statusCode).toBe(
      404,
    )

    // The same username: the same fid and the same user, on another device too.
    const next = await openChannel(OTHER_DEVICE)
    await form({ channelToken: next.channelToken, action: 'approve', username: 'Alice' })
    expect((await status(next.channelToken)).json().fid).toBe(relay.fid)
    const again = await connect(next.channelToken, OTHER_DEVICE)
    expect(again).toMatchObject({ status: 'done', user: { id: done.user.id, userName: 'alice' } })
    expect((await t.get('/auth/v1/session', done.session.token)).statusCode).toBe(200)
  })

  it("names the dApp's site and shows the channel's code on the approval, and signs the code as the Request ID", async () => {
    const response = await t.post('/auth/v1/farcaster/channel', {
      deviceId: DEVICE,
      site: 'https://shop.example/some/path',
    })
    expect(response.statusCode).toBe(200)
    const { channelToken, url, code } = response.json() as { channelToken: string; url: string; code: string }
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}$/)
    // Another channel has another code: the code tells a request someone else started apart.
    const other = (await openChannel()) as { code?: string }
    expect(other.code).not.toBe(code)

    const page = await t.get(new URL(url).pathname + new URL(url).search)
    expect(page.body).toContain('<strong>https://shop.example</strong> wants you to sign in')
    expect(page.body).toContain(`<strong data-code>${code}</strong>`)
    expect(page.body).toContain('Approve only if the site you are signing in to shows this same code')

    await form({ channelToken, action: 'approve', username: 'carol' })
    const relay = (await status(channelToken)).json()
    expect(parseSiweMessage(relay.message).requestId).toBe(code)
    expect(await connect(channelToken)).toMatchObject({ status: 'done', user: { userName: 'carol' } })

    const bad = await t.post('/auth/v1/farcaster/channel', { deviceId: DEVICE, site: 'javascript:alert(1)' })
    expect(bad.statusCode).toBe(400)
  })

  it('refuses a signature from another key, a wrong nonce and a wrong domain', async () => {
    const before = await sessionCount()
    const cases: [Parameters<typeof authenticateAs>[2], string][] = [
      [{ signer: privateKeyToAccount(generatePrivateKey()) }, 'The Farcaster signature is invalid'],
      [{ nonce: 'abcdefgh12345678' }, 'The Farcaster message has the wrong nonce'],
      [{ domain: 'evil.example' }, 'The Farcaster message is for another domain'],
    ]
    for (const [options, message] of cases) {
      const { channelToken } = await openChannel()
      await authenticateAs(channelToken, 'mallory', options)
      expect(await connect(channelToken)).toEqual({ status: 'error', message })
      // An error also uses the channel up.
      expect(
        (await t.post('/auth/v1/farcaster/connect', { channelToken, deviceId: DEVICE })).statusCode,
      ).toBe(404)
    }
    // The control: the same client with the custody key and the right fields gets in.
    const { channelToken } = await openChannel()
    await authenticateAs(channelToken, 'mallory')
    expect(await connect(channelToken)).toMatchObject({ status: 'done', user: { userName: 'mallory' } })
    expect(await sessionCount()).toBe(before + 1)
  })

  it('answers an error when the visitor rejects', async () => {
    const { channelToken } = await openChannel()
    const rejected = await form({ channelToken, action: 'reject' })
    expect(rejected.body).toContain('Sign-in rejected')
    expect((await status(channelToken)).json()).toMatchObject({ state: 'rejected' })
    expect(await connect(channelToken)).toEqual({ status: 'error', message: 'Sign-in was rejected' })
    // Answered: the page no longer offers it.
    expect((await t.get(`/farcaster/approve?channelToken=${channelToken}`)).statusCode).toBe(404)
  })

  it('answers an error once the channel expired', async () => {
    const { channelToken } = await openChannel()
    clock.advance(11 * 60 * 1000)
    expect(await connect(channelToken)).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/expired/),
    })
    expect((await status(channelToken)).statusCode).toBe(401)
  })

  it('does not know channels of other devices or unknown tokens', async () => {
    const { channelToken } = await openChannel()
    const other = await t.post('/auth/v1/farcaster/connect', { channelToken, deviceId: OTHER_DEVICE })
    expect(other.statusCode).toBe(404)
    const unknown = await t.post('/auth/v1/farcaster/connect', { channelToken: 'nope', deviceId: DEVICE })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.code).toBe('NOT_FOUND')
    expect((await t.get('/farcaster/v1/channel/status', 'x'.repeat(43))).statusCode).toBe(401)
    expect((await t.get('/farcaster/v1/channel/status')).statusCode).toBe(401)
  })

  it('answers 400 naming the field for bad bodies', async () => {
    const cases: [string, object, string][] = [
      ['/auth/v1/farcaster/channel', {}, 'deviceId'],
      ['/auth/v1/farcaster/channel', { deviceId: 'short' }, 'deviceId'],
      ['/auth/v1/farcaster/connect', { deviceId: DEVICE }, 'channelToken'],
      ['/auth/v1/farcaster/connect', { channelToken: 'x' }, 'deviceId'],
      ['/farcaster/v1/channel', { domain: 'localhost:3004' }, 'siweUri'],
      ['/farcaster/v1/channel', { siweUri: 'http://localhost:3004', domain: 'a b' }, 'domain'],
    ]
    for (const [url, body, field] of cases) {
      const response = await t.post(url, body)
      expect(response.statusCode, url).toBe(400)
      expect(response.json().error.message).toContain(field)
    }
    const { channelToken } = await openChannel()
    const bad = await t.post(
      '/farcaster/v1/channel/authenticate',
      { message: 'm', signature: '0x00', fid: 'one', username: 'alice' },
      channelToken,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toContain('fid')
    const badForm = await form({ channelToken, action: 'approve', username: 'not a name!' })
    expect(badForm.statusCode).toBe(400)
    expect(badForm.body).toContain('lowercase letters')
  })

  it('serves relay channels with the public relay API', async () => {
    const created = await t.post('/farcaster/v1/channel', {
      siweUri: 'https://dapp.example/login',
      domain: 'dapp.example',
      nonce: 'abcdef123456',
    })
    expect(created.statusCode).toBe(201)
    const { channelToken, url, nonce } = created.json()
    expect(nonce).toBe('abcdef123456')
    expect(url).toContain('/farcaster/approve?channelToken=')
    const pending = await status(channelToken)
    expect(pending.statusCode).toBe(202)
    expect(pending.json()).toEqual({ state: 'pending', nonce, url })
    await form({ channelToken, action: 'approve', username: 'bob' })
    const done = (await status(channelToken)).json()
    expect(parseSiweMessage(done.message)).toMatchObject({ domain: 'dapp.example', nonce })
    // Answered once.
    const again = await t.post(
      '/farcaster/v1/channel/authenticate',
      { message: done.message, signature: done.signature, fid: done.fid, username: 'bob' },
      channelToken,
    )
    expect(again.statusCode).toBe(409)
    // Not a login channel of any device.
    expect((await t.post('/auth/v1/farcaster/connect', { channelToken, deviceId: DEVICE })).statusCode).toBe(
      404,
    )
  })
  it('uses a nonce once: a second channel with it is refused, even after the first was redeemed', async () => {
    const nonce = 'singleuse12345678'
    const first = await t.post('/farcaster/v1/channel', {
      siweUri: 'https://dapp.example/login',
      domain: 'dapp.example',
      nonce,
    })
    expect(first.statusCode).toBe(201)
    const second = await t.post('/farcaster/v1/channel', {
      siweUri: 'https://dapp.example/login',
      domain: 'dapp.example',
      nonce,
    })
    expect(second.statusCode).toBe(409)
    expect(second.json().error).toEqual({
      code: 'CONFLICT',
      message: 'This nonce was already used for another channel',
    })

    // A login channel's nonce, once connected (and its row gone), cannot name a new channel either.
    const { channelToken } = await openChannel()
    const { nonce: loginNonce } = (await status(channelToken)).json() as { nonce: string }
    await authenticateAs(channelToken, 'nonce-user')
    expect(await connect(channelToken)).toMatchObject({ status: 'done' })
    const replay = await t.post('/farcaster/v1/channel', {
      siweUri: 'http://localhost:3004',
      domain: 'localhost:3004',
      nonce: loginNonce,
    })
    expect(replay.statusCode).toBe(409)
  })

  it('refuses a message issued before its channel was opened', async () => {
    const { channelToken } = await openChannel()
    await authenticateAs(channelToken, 'early-user', {
      issuedAt: new Date(clock.now().getTime() - 60 * 60_000),
    })
    expect(await connect(channelToken)).toEqual({
      status: 'error',
      message: 'The Farcaster message was not issued for this sign-in',
    })
  })

  it('answers 400 to a NUL byte instead of a database error', async () => {
    const { channelToken } = await openChannel()
    const connectNul = await t.post('/auth/v1/farcaster/connect', {
      channelToken: `${channelToken}\u0000`,
      deviceId: DEVICE,
    })
    expect(connectNul.statusCode).toBe(400)
    expect((await t.get('/farcaster/approve?channelToken=a%00b')).statusCode).toBe(400)
    const authenticate = await t.post(
      '/farcaster/v1/channel/authenticate',
      { message: 'm\u0000', signature: '0x00', fid: 1, username: 'alice' },
      channelToken,
    )
    expect(authenticate.statusCode).toBe(400)
  })
})
