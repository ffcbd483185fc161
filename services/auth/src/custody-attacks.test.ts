import type { Custody } from '@portico/wire'
import { rekeyMessage } from '@portico/wire'
import { sql } from 'kysely'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEVICE, OTHER_DEVICE, serversClosedAfterEach, testClock } from './auth-test-helpers.js'
import { frameMadeWallet, rebuildsKey, shareCandidates } from './custody-test-wallets.js'
import { openShare } from './share-cipher.js'

/**
 * The custody promise, tried as an attacker would: with the database, the master key, a valid session
 * and even the mailbox, the service must not yield two shares of a user-held key. Each test is a line of
 * the README's "attacker holds X → obtains Y" table.
 */

const started = serversClosedAfterEach()
// Long polls answer at once: every route is called, the waiting ones too.
const start = (options: Parameters<typeof started>[0] = {}) => started({ longPollMs: 50, ...options })
/** Each test starts servers and calls every route: slow on a busy machine. */
const SLOW = 180_000
const MASTER_KEY = '42'.repeat(32)
const ORIGIN = 'http://localhost:3004'

type Server = Awaited<ReturnType<typeof start>>

/** A user signed in by e-mail who made a wallet the way the frame does in each custody model. */
async function victim(t: Server, custody: Custody, email = 'victim@example.com') {
  const { session, user } = await t.signIn(email, DEVICE)
  const wallet = await frameMadeWallet(user.id)
  const body =
    custody === 'user-held'
      ? { address: wallet.address, authShare: wallet.authShare, recovery: wallet.envelope }
      : { address: wallet.address, authShare: wallet.authShare, recoveryShare: wallet.recoveryShare }
  const stored = await t.post('/auth/v1/keys', body, session.token)
  expect(stored.statusCode).toBe(201)
  return { token: session.token, userId: user.id, email, wallet }
}

/** Every row of every table of the service's database, as text. */
async function databaseDump(t: Server): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.server.db)
  expect(tables.rows.map((row) => row.table_name)).toContain('wallets')
  const dump: string[] = []
  for (const { table_name } of tables.rows) {
    const rows = await sql`select * from ${sql.table(table_name)}`.execute(t.server.db)
    dump.push(JSON.stringify(rows.rows))
  }
  return dump
}

/** What the master key opens in the dump: every text value tried as a sealed share of every user. */
function openedWithMasterKey(dump: string[], userIds: string[]): string[] {
  const key = Buffer.from(MASTER_KEY, 'hex')
  const opened: string[] = []
  const values = dump.flatMap((table) =>
    [...table.matchAll(/"([A-Za-z0-9_-]{40,})"/g)].map((m) => m[1] ?? ''),
  )
  for (const value of values) {
    for (const userId of userIds) {
      try {
        opened.push(openShare(key, userId, value))
      } catch {}
    }
  }
  return opened
}

/**
 * Calls every route the server has with the session token and returns the answers: with an empty body,
 * and (`thorough`) with plausible fields too.
 */
async function everyRouteAnswer(t: Server, token: string, thorough = false): Promise<string[]> {
  const answers: string[] = []
  const allBodies = [
    {},
    { deviceId: DEVICE, email: 'victim@example.com', otp: '000000' },
    { deviceId: OTHER_DEVICE, address: '0x1111111111111111111111111111111111111111', authShare: 'ab' },
  ]
  const bodies = thorough ? allBodies : allBodies.slice(0, 1)
  expect(t.server.routes.length).toBeGreaterThan(20)
  for (const { method, url } of t.server.routes) {
    if (method === 'OPTIONS') continue
    const path = url.replace(/:[A-Za-z]+/g, 'x').replace(/\*/g, 'x')
    for (const payload of method === 'GET' || method === 'HEAD' ? [undefined] : bodies) {
      const response = await t.app.inject({
        method: method as 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}`, origin: ORIGIN },
        ...(payload ? { payload } : {}),
      })
      answers.push(response.body)
    }
  }
  return answers
}

/** Everything the attacker gets with the mailbox too: asks for a step-up code, reads it, confirms it. */
async function stepUpWithMailbox(t: Server, token: string, email: string) {
  const before = await t.lastMailId(email)
  expect((await t.post('/auth/v1/keys/step-up', {}, token)).statusCode).toBe(204)
  const code = t.codeOf(await t.nextMail(email, before))
  expect((await t.post('/auth/v1/keys/step-up/verify', { otp: code }, token)).statusCode).toBe(204)
}

const recover = (t: Server, token: string) => t.post('/auth/v1/keys/recover', {}, token)

describe('custody: what an attacker obtains', () => {
  it(
    'operator (database + master key + a session + the mailbox, every route): no user-held key',
    async () => {
      const clock = testClock()
      const t = await start({ masterKey: MASTER_KEY, now: clock.now })
      const { token, userId, email, wallet } = await victim(t, 'user-held')
      clock.advance(31_000)
      await stepUpWithMailbox(t, token, email)
      const answers = await everyRouteAnswer(t, token, true)
      const dump = await databaseDump(t)
      const held = [...answers, ...dump, ...openedWithMasterKey(dump, [userId])]
      // The service holds the auth share, and only that one.
      const candidates = shareCandidates(held)
      expect(candidates).toContain(wallet.authShare)
      expect(candidates).not.toContain(wallet.recoveryShare)
      expect(candidates).not.toContain(wallet.deviceShare)
      expect(await rebuildsKey(candidates, wallet.address)).toBeUndefined()
      // The harness would find the key if the service held a second share.
      expect(await rebuildsKey([...candidates, wallet.deviceShare], wallet.address)).toBe(wallet.privateKey)
    },
    SLOW,
  )

  it(
    'operator of a custodial service (AUTH_CUSTODY=custodial): rebuilds every key',
    async () => {
      const t = await start({ masterKey: MASTER_KEY, custody: 'custodial' })
      const { userId, wallet } = await victim(t, 'custodial')
      const dump = await databaseDump(t)
      const candidates = shareCandidates([...dump, ...openedWithMasterKey(dump, [userId])])
      expect(await rebuildsKey(candidates, wallet.address)).toBe(wallet.privateKey)
    },
    SLOW,
  )

  it(
    'database thief (a dump, no master key): the auth share and the sealed envelope, no key',
    async () => {
      const t = await start({ masterKey: MASTER_KEY })
      const { wallet } = await victim(t, 'user-held')
      const dump = await databaseDump(t)
      expect(dump.join('')).toContain(wallet.envelope.ciphertext)
      expect(await rebuildsKey(shareCandidates(dump), wallet.address)).toBeUndefined()
    },
    SLOW,
  )

  it(
    'token thief, seconds after an e-mail sign-in: no recovery share, in either custody model',
    async () => {
      for (const custody of ['user-held', 'custodial'] as const) {
        const t = await start({ custody })
        // The sign-in's own code is no step-up: the token is worth the auth share only.
        const { token, wallet } = await victim(t, custody)
        const answer = await recover(t, token)
        expect(answer.statusCode).toBe(custody === 'custodial' ? 403 : 409)
        expect(answer.body).not.toContain(wallet.recoveryShare)
        expect(await rebuildsKey(shareCandidates(await everyRouteAnswer(t, token)), wallet.address)).toBe(
          undefined,
        )
      }
    },
    SLOW,
  )

  it(
    'token thief: cannot swap in shares of their own without the wallet key’s signature',
    async () => {
      const t = await start()
      const { token, userId, wallet } = await victim(t, 'user-held')
      const attacker = privateKeyToAccount(`0x${'77'.repeat(32)}`)
      const theirs = await frameMadeWallet(userId)
      const rekey = async (signer: typeof attacker, currentAuthShare: string) =>
        t.post(
          '/auth/v1/keys/rekey',
          {
            authShare: theirs.authShare,
            recovery: theirs.envelope,
            signature: await signer.signMessage({
              message: rekeyMessage({
                userId,
                address: wallet.address,
                currentAuthShare,
                authShare: theirs.authShare,
                recovery: theirs.envelope,
              }),
            }),
          },
          token,
        )
      const refused = await rekey(attacker, wallet.authShare)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.message).toContain('signature')
      const owner = privateKeyToAccount(wallet.privateKey)
      // The owner's signature over a stale auth share (a replay) is refused too.
      expect((await rekey(owner, 'ab')).statusCode).toBe(400)
      const keys = (await t.get('/auth/v1/keys', token)).json()
      expect(keys.wallet.authShare).toBe(wallet.authShare)
    },
    SLOW,
  )

  it(
    'Farcaster session started by an attacker and approved by the victim: the auth share only',
    async () => {
      for (const custody of ['user-held', 'custodial'] as const) {
        const t = await start({ masterKey: MASTER_KEY, custody })
        // The victim's own Farcaster sign-in made the wallet.
        const victimSession = await farcasterSession(t, DEVICE, 'vic')
        const wallet = await frameMadeWallet(victimSession.userId)
        const body =
          custody === 'user-held'
            ? { address: wallet.address, authShare: wallet.authShare, recovery: wallet.envelope }
            : { address: wallet.address, authShare: wallet.authShare, recoveryShare: wallet.recoveryShare }
        expect((await t.post('/auth/v1/keys', body, victimSession.token)).statusCode).toBe(201)
        // The attacker opens a channel on a device of theirs; the victim approves it.
        const stolen = await farcasterSession(t, 'attacker-device-0123', 'vic')
        expect(stolen.userId).toBe(victimSession.userId)
        const answer = await recover(t, stolen.token)
        expect(answer.statusCode).toBe(custody === 'custodial' ? 403 : 409)
        // No mailbox to step up with: no route of the service yields a second share.
        expect((await t.post('/auth/v1/keys/step-up', {}, stolen.token)).statusCode).toBe(409)
        const answers = await everyRouteAnswer(t, stolen.token)
        expect(await rebuildsKey(shareCandidates(answers), wallet.address)).toBeUndefined()
      }
    },
    SLOW,
  )

  it(
    'refuses a plain recovery share when keys are user-held, and an envelope-only wallet when custodial',
    async () => {
      const t = await start()
      const { session, user } = await t.signIn('plain@example.com')
      const wallet = await frameMadeWallet(user.id)
      const plain = await t.post(
        '/auth/v1/keys',
        { address: wallet.address, authShare: wallet.authShare, recoveryShare: wallet.recoveryShare },
        session.token,
      )
      expect(plain.statusCode).toBe(400)
      expect(plain.json().error.message).toContain('recoveryShare')
      const both = await t.post(
        '/auth/v1/keys',
        {
          address: wallet.address,
          authShare: wallet.authShare,
          recovery: wallet.envelope,
          recoveryShare: wallet.recoveryShare,
        },
        session.token,
      )
      expect(both.statusCode).toBe(400)
      const custodial = await start({ custody: 'custodial', publicUrl: ORIGIN })
      const other = await custodial.signIn('plain@example.com')
      const envelopeOnly = await custodial.post(
        '/auth/v1/keys',
        { address: wallet.address, authShare: wallet.authShare, recovery: wallet.envelope },
        other.session.token,
      )
      expect(envelopeOnly.statusCode).toBe(400)
    },
    SLOW,
  )
})

/** A Farcaster sign-in through the local client: a channel opened on `deviceId`, approved as `username`. */
async function farcasterSession(t: Server, deviceId: string, username: string) {
  const channel = await t.post('/auth/v1/farcaster/channel', { deviceId })
  expect(channel.statusCode).toBe(200)
  const { channelToken } = channel.json() as { channelToken: string }
  const approved = await t.app.inject({
    method: 'POST',
    url: '/farcaster/approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: new URLSearchParams({ channelToken, action: 'approve', username }).toString(),
  })
  expect(approved.statusCode).toBe(200)
  const connected = await t.post('/auth/v1/farcaster/connect', { channelToken, deviceId })
  const done = connected.json() as { status: string; session: { token: string }; user: { id: string } }
  expect(done.status).toBe('done')
  return { token: done.session.token, userId: done.user.id }
}
