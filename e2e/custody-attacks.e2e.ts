import type { Request } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { codeSecret, openRecoveryShare } from '../packages/frame/src/page/recovery-envelope.js'
import { rebuildsKey, shareCandidates } from '../services/auth/src/custody-test-wallets.js'
import { saveRecoveryCode, signUpByEmail } from './auth-fixtures.js'
import { closeBrowser, connectButton, modal, openAccount, openDemo, stack } from './fixtures.js'

/**
 * The custody attacks of the README's attacker table, run against the real stack: an attacker's own
 * client (plain fetch, no browser, every header forged at will) against a victim in Chromium. The
 * attacker may end up with a session, never with a second share of the victim's key.
 */

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
/** A device id of the attacker's choosing: the service cannot tell it from a frame's. */
const ATTACKER_DEVICE = 'attacker-device-0000000001'

type Answer = { route: string; status: number; body: string }

/** The attacker's client: JSON to the auth service with whatever Origin it claims. */
function attackerClient(origin = new URL(stack().auth).origin) {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${stack().auth}/auth/v1${path}`, {
      method,
      headers: {
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { route: `${method} ${path}`, status: response.status, body: await response.text() }
  }
  return { call }
}

/**
 * Everything a session token gets from the key routes: each route with an empty body and with plausible
 * fields (a guessed step-up code, shares of the attacker's own, a forged re-key signature).
 */
async function everyKeyRoute(token: string, address: string): Promise<Answer[]> {
  const { call } = attackerClient()
  const bodies = [
    {},
    { deviceId: ATTACKER_DEVICE, otp: '000000' },
    {
      address,
      authShare: 'ab'.repeat(33),
      recoveryShare: 'cd'.repeat(33),
      recovery: { kind: 'code', ciphertext: 'AAAA', salt: 'AAAA' },
      signature: `0x${'11'.repeat(65)}`,
    },
  ]
  const answers = [await call('GET', '/keys', undefined, token)]
  for (const path of ['/keys', '/keys/rekey', '/keys/step-up', '/keys/step-up/verify', '/keys/recover']) {
    for (const body of bodies) answers.push(await call('POST', path, body, token))
  }
  return answers
}

/** The answers in short, for the log: `route → status` per call. */
const summary = (answers: Answer[]) =>
  answers.map((answer) => `${answer.route} → ${answer.status}`).join('; ')

/** What the key routes are worth to the attacker: the shares they hold, and whether two rebuild the key. */
async function sharesHeld(answers: Answer[], address: string) {
  const candidates = shareCandidates(answers.map((answer) => answer.body))
  return { candidates, key: await rebuildsKey(candidates, address) }
}

/**
 * The harness would see a second share: the victim's own recovery code opens the envelope the service
 * keeps, and that share with the auth share rebuilds the key. The attacker lacks only that code.
 */
async function victimCodeRebuilds(
  keys: { address: string; authShare: string; recovery: Parameters<typeof openRecoveryShare>[0] },
  userId: string,
  recoveryCode: string,
) {
  const recoveryShare = await openRecoveryShare(keys.recovery, codeSecret(recoveryCode), {
    userId,
    address: keys.address,
  })
  return rebuildsKey([keys.authShare, recoveryShare], keys.address)
}

const recoverAnswers = (answers: Answer[]) =>
  answers.filter((answer) => answer.route === 'POST /keys/recover')

describe('custody attacks against the running stack', () => {
  afterAll(closeBrowser)

  it('Farcaster: a sign-in the attacker started and the victim approved yields a session, no second share', async () => {
    const username = `fcv${Date.now() % 1e9}`
    // The victim's own Farcaster sign-in made the wallet, in their browser.
    const { page, context } = await openDemo()
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'More sign-in options' }).click()
    await modal(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
    const link = modal(page).getByRole('link', { name: 'Open Farcaster' })
    await link.waitFor()
    const own = await context.newPage()
    await own.goto((await link.getAttribute('href')) as string)
    await own.getByLabel('Username').fill(username)
    await own.getByRole('button', { name: 'Approve' }).click()
    await own.close()
    const recoveryCode = await saveRecoveryCode(page)
    await openAccount(page, 20_000)
    const address = (await page.getByTestId('demo-address').textContent()) as string
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // The attacker opens a channel naming the dApp's site. The dApp's own Origin is refused; the
    // frame's, which a client outside a browser simply writes, is taken.
    const site = new URL(stack().demo).origin
    const asDapp = await attackerClient(site).call('POST', '/farcaster/channel', {
      deviceId: ATTACKER_DEVICE,
      site,
    })
    expect(asDapp.status).toBe(403)
    const { call } = attackerClient()
    const opened = await call('POST', '/farcaster/channel', { deviceId: ATTACKER_DEVICE, site })
    expect(opened.status).toBe(200)
    const channel = JSON.parse(opened.body) as { channelToken: string; url: string; code: string }

    // The victim opens the link the attacker sent: it names the site and shows a code that no modal of
    // theirs shows. This victim approves anyway.
    const approval = await context.newPage()
    await approval.goto(channel.url)
    await approval.getByText(site, { exact: true }).waitFor()
    await expect(approval.locator('[data-code]').textContent()).resolves.toBe(channel.code)
    expect(channel.code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}$/)
    await approval.getByLabel('Username').fill(username)
    await approval.getByRole('button', { name: 'Approve' }).click()
    await approval.getByText('Signed in. You can close this window.').waitFor()

    // The attacker's connect: a session of the victim's account.
    const connected = await call('POST', '/farcaster/connect', {
      channelToken: channel.channelToken,
      deviceId: ATTACKER_DEVICE,
    })
    const session = JSON.parse(connected.body) as {
      status: string
      session: { token: string }
      user: { id: string }
    }
    expect(session.status).toBe('done')
    const token = session.session.token

    // Every key route with that session: the auth share and the sealed envelope, no recovery share.
    const answers = await everyKeyRoute(token, address)
    console.info(`custody-attacks (Farcaster): ${summary(answers)}`)
    const keys = JSON.parse(answers[0]?.body ?? '{}').wallet
    expect(keys.address.toLowerCase()).toBe(address.toLowerCase())
    for (const answer of recoverAnswers(answers)) expect([403, 409]).toContain(answer.status)
    expect(
      answers.filter((answer) => answer.route === 'POST /keys/step-up').map((answer) => answer.status),
    ).toEqual([409, 409, 409])
    expect(answers.filter((answer) => answer.status < 300).map((answer) => answer.route)).toEqual([
      'GET /keys',
    ])
    const held = await sharesHeld(answers, address)
    expect(held.candidates).toEqual([keys.authShare])
    expect(held.key).toBeUndefined()
    // One factor short: the victim's recovery code would have opened the envelope the attacker holds.
    await expect(victimCodeRebuilds(keys, session.user.id, recoveryCode)).resolves.toMatch(/^0x[0-9a-f]{64}$/)
    await context.close()
  }, 120_000)

  it('e-mail: a token stolen from the frame’s own request as the wallet is made opens no key route', async () => {
    const email = uniqueEmail('thief-victim')
    const { page, context } = await openDemo()
    // The attacker reads the token where it travels: the Authorization header of the frame's requests.
    const auth = `${stack().auth}/auth/v1`
    let signedInAt = 0
    let attack: Promise<{ answers: Answer[]; afterSignInMs: number }> | undefined
    let stolenAddress = ''
    let stolenToken = ''
    const onRequestFinished = async (request: Request) => {
      if (request.url() === `${auth}/email/verify`) signedInAt = Date.now()
      if (attack || request.method() !== 'POST' || request.url() !== `${auth}/keys`) return
      const token = (await request.allHeaders()).authorization?.replace(/^Bearer /, '')
      const { address } = request.postDataJSON() as { address: string }
      if (!token) return
      stolenAddress = address
      stolenToken = token
      attack = (async () => {
        const recover = await attackerClient().call('POST', '/keys/recover', {}, token)
        const afterSignInMs = Date.now() - signedInAt
        return { answers: [recover, ...(await everyKeyRoute(token, address))], afterSignInMs }
      })()
    }
    context.on('requestfinished', onRequestFinished)
    const { address, recoveryCode } = await signUpByEmail(page, email)
    await expect.poll(() => attack !== undefined).toBe(true)
    context.off('requestfinished', onRequestFinished)
    const { answers, afterSignInMs } = await (attack as NonNullable<typeof attack>)
    expect(stolenAddress.toLowerCase()).toBe(address.toLowerCase())
    console.info(`custody-attacks (token thief): ${summary(answers)}`)
    console.info(`custody-attacks: the stolen token called /keys/recover ${afterSignInMs} ms after sign-in`)

    // The sign-in's own code is no step-up: recovery is refused, and no route hands out a second share.
    for (const answer of recoverAnswers(answers)) expect([403, 409]).toContain(answer.status)
    // Only the wallet's own record is read. A step-up code would be mailed to the victim, and right after
    // the sign-in's code the service sends none (429); a guessed code, shares of the attacker's own and a
    // forged re-key are refused.
    expect(answers.filter((answer) => answer.status < 300).map((answer) => answer.route)).toEqual([
      'GET /keys',
    ])
    const keys = JSON.parse(answers.find((answer) => answer.route === 'GET /keys')?.body ?? '{}').wallet
    const held = await sharesHeld(answers, address)
    expect(held.candidates).toEqual([keys.authShare])
    expect(held.key).toBeUndefined()
    // One factor short: the victim's recovery code would have opened the envelope the attacker holds.
    const me = await attackerClient().call('GET', '/session', undefined, stolenToken)
    const userId = (JSON.parse(me.body) as { user: { id: string } }).user.id
    await expect(victimCodeRebuilds(keys, userId, recoveryCode)).resolves.toMatch(/^0x[0-9a-f]{64}$/)
    await context.close()
  }, 120_000)
})
