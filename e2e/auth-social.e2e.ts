import { createHash, randomBytes } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { confirmDeviceByMail, enterRecoveryCode, saveRecoveryCode } from './auth-fixtures.js'
import {
  actionRowGaps,
  closeBrowser,
  connectButton,
  getBrowser,
  modal,
  openAccount,
  openDemo,
  screenshot,
  stack,
  switchNetworkInAccount,
} from './fixtures.js'
import { expectToMatchBaseline } from './visual-baseline.js'

const providers = [
  ['google', 'Google'],
  ['github', 'GitHub'],
  ['apple', 'Apple'],
  ['facebook', 'Facebook'],
  ['x', 'X'],
  ['discord', 'Discord'],
] as const

/** A social button of the Connect view; the ones past the first row are behind "More sign-in options". */
async function socialButton(page: Page, label: string): Promise<Locator> {
  const button = modal(page).getByRole('button', { name: `Continue with ${label}` })
  const more = modal(page).getByRole('button', { name: 'More sign-in options' })
  await button.or(more).first().waitFor()
  if (!(await button.isVisible())) await more.click()
  return button
}

/**
 * An attacker's own client (no browser): it starts a social flow with a secret only it knows, as the
 * frame would, and can bind it for itself (its "browser" is a cookie it keeps).
 */
async function attackerFlow(provider: string) {
  const auth = stack().auth
  const origin = new URL(auth).origin
  const secret = randomBytes(32).toString('hex')
  const secretHash = createHash('sha256').update(secret).digest('hex')
  const headers = { 'content-type': 'application/json', origin }
  const started = await fetch(`${auth}/auth/v1/social/flow`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ provider, deviceId: 'attacker-device-0001', secretHash }),
  })
  expect(started.status).toBe(200)
  const { flowId, url } = (await started.json()) as { flowId: string; url: string }
  return {
    url,
    bind: async () => {
      const bound = await fetch(`${auth}/auth/v1/social/bind`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ flowId, secret }),
      })
      return { status: bound.status, body: (await bound.json()) as { url?: string } }
    },
    result: async () => {
      const answer = await fetch(`${auth}/auth/v1/social/result`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ flowId, secret }),
      })
      return (await answer.json()) as { status: string; message?: string; session?: unknown }
    },
  }
}

describe('social sign-in with the embedded wallet', () => {
  afterAll(closeBrowser)

  it("a sign-in started by someone else and finished in the visitor's browser signs no one in", async () => {
    const attacker = await attackerFlow('google')
    const victim = await (await getBrowser()).newContext()
    const page = await victim.newPage()
    // The start link itself, sent to the victim: no frame of the site opened it, so it goes nowhere.
    await page.goto(attacker.url)
    await page.getByText('Start this sign-in from the site you want to sign in to').waitFor()
    await screenshot(page, 'auth-social-foreign-start-link')
    expect(page.url()).toBe(attacker.url)

    // The provider's page of a flow the attacker bound for itself, finished by the victim.
    const bound = await attacker.bind()
    expect(bound.status).toBe(200)
    await page.goto(bound.body.url as string)
    await page.getByLabel('Username').fill(`victim-${Date.now()}`)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('This sign-in was started in another browser').waitFor()
    const result = await attacker.result()
    expect(result.status).toBe('error')
    expect(result.session).toBeUndefined()
    await victim.close()
  })

  for (const [provider, label] of providers) {
    it(`signs in with ${label} through the provider's window and signs out`, async () => {
      const { page, context } = await openDemo()
      await connectButton(page).click()
      const username = `${provider}-user-${Date.now()}`
      const popupOpened = context.waitForEvent('page')
      await (await socialButton(page, label)).click()
      const popup = await popupOpened
      await modal(page).getByText(`Finish signing in in the ${label} window.`).waitFor()
      await popup.getByLabel('Username').fill(username)
      if (provider === 'google') await screenshot(popup, 'auth-social-provider-page')
      await popup.getByRole('button', { name: 'Continue' }).click()
      await saveRecoveryCode(page)

      await openAccount(page, 20_000)
      await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(
        `${username}@${provider}.test`,
      )
      // The account's rows are drawn (Activity), and "Change e-mail" is not among them: the address
      // belongs to the social account, not to a Portico e-mail sign-in.
      await modal(page).getByRole('button', { name: 'Activity' }).waitFor()
      await expect(modal(page).getByRole('button', { name: 'Change e-mail' }).count()).resolves.toBe(0)
      // Seven actions: the second row of three widens to the edge, leaving no hole.
      await expect(modal(page).locator('.actions button').count()).resolves.toBe(7)
      await expect(actionRowGaps(page)).resolves.toEqual([0, 0])
      if (provider === 'google')
        await expectToMatchBaseline(modal(page).locator('.actions'), 'account-actions-social')
      expect(await page.getByTestId('demo-address').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/)
      if (provider === 'google') {
        // The embedded wallet follows a network switch, and keeps the chain after a reload.
        await switchNetworkInAccount(page, 'Ethereum', 'OP Mainnet', 10)
        await page.reload()
        await page
          .getByTestId('demo-status')
          .getByText('connected', { exact: true })
          .waitFor({ timeout: 20_000 })
        await page.getByTestId('demo-network').getByText('OP Mainnet (10)').waitFor()
        await connectButton(page).click()
      }
      await modal(page).getByRole('button', { name: 'Sign out' }).click()
      await expect.poll(() => connectButton(page).textContent()).toBe('Connect wallet')
      await context.close()
    })
  }

  it('returns to a retry state when the provider window is closed unfinished, and Retry signs in', async () => {
    const { page, context } = await openDemo()
    await connectButton(page).click()
    let popupOpened = context.waitForEvent('page')
    await modal(page).getByRole('button', { name: 'Continue with GitHub' }).click()
    const abandoned = await popupOpened
    await modal(page).getByText('Finish signing in in the GitHub window.').waitFor()
    await abandoned.getByLabel('Username').waitFor()
    // Timed in the page, frame by frame: the locator's own retries would add up to half a second.
    const noticedAt = page.evaluate(
      (text) =>
        new Promise<number>((resolve) => {
          const look = () =>
            document.querySelector('portico-modal')?.shadowRoot?.textContent?.includes(text)
              ? resolve(Date.now())
              : requestAnimationFrame(look)
          look()
        }),
      'The sign-in window was closed before you finished.',
    )
    const closedAt = Date.now()
    await abandoned.close()

    await modal(page).getByText('The sign-in window was closed before you finished.').waitFor()
    console.info(
      `auth-social: the closed window was noticed ${(await noticedAt) - closedAt} ms after closing it`,
    )
    // The retry state: the view offers to try again at once.
    await modal(page).getByRole('button', { name: 'Try again' }).waitFor()
    await screenshot(page, 'auth-social-window-closed')
    const username = `retry-user-${Date.now()}`
    popupOpened = context.waitForEvent('page')
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    const popup = await popupOpened
    await popup.getByLabel('Username').fill(username)
    await popup.getByRole('button', { name: 'Continue' }).click()
    await saveRecoveryCode(page)
    await openAccount(page, 20_000)
    await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(
      `${username}@github.test`,
    )
    await context.close()
  })

  it('offers a link when the browser blocks the provider window, and the link signs in', async () => {
    const { page, context } = await openDemo()
    // The browser refuses every pop-up this page asks for.
    await page.evaluate(() => {
      window.open = () => null
    })
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Continue with Google' }).click()
    await modal(page)
      .getByText('Your browser blocked the sign-in window. Open it with the link below.')
      .waitFor()
    const link = modal(page).getByRole('link', { name: 'Open the Google sign-in window' })
    await link.waitFor()
    await expect(link.getAttribute('target')).resolves.toBe('_blank')
    await screenshot(page, 'auth-social-popup-blocked')
    const username = `blocked-user-${Date.now()}`
    const opened = context.waitForEvent('page')
    await link.click()
    const popup = await opened
    await popup.getByLabel('Username').fill(username)
    await popup.getByRole('button', { name: 'Continue' }).click()
    await saveRecoveryCode(page)
    await openAccount(page, 20_000)
    await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(
      `${username}@google.test`,
    )
    await context.close()
  })

  it('signs in with Farcaster by approving in the Farcaster client, and opens the same wallet with its recovery code next time', async () => {
    const username = `fc${Date.now()}`
    let recoveryCode = ''
    const signIn = async () => {
      const { page, context } = await openDemo()
      await connectButton(page).click()
      await (await socialButton(page, 'Farcaster')).click()
      const link = modal(page).getByRole('link', { name: 'Open Farcaster' })
      await link.waitFor()
      await expect(
        modal(page).getByRole('img', { name: 'Sign in with Farcaster code' }).count(),
      ).resolves.toBe(1)
      await screenshot(page, 'auth-farcaster-view')
      const approval = await context.newPage()
      await approval.goto((await link.getAttribute('href')) as string)
      // The approval names the dApp's site and shows the code the visitor's own modal shows.
      await approval.getByText(new URL(stack().demo).origin, { exact: true }).waitFor()
      const code = await approval.locator('[data-code]').textContent()
      expect(code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}$/)
      await expect(modal(page).getByTestId('farcaster-code').textContent()).resolves.toContain(code)
      await approval.getByLabel('Username').fill(username)
      await approval.getByRole('button', { name: 'Approve' }).click()
      // The Farcaster session alone is worth the service's one share: a new browser needs the code.
      if (recoveryCode) await enterRecoveryCode(page, recoveryCode)
      else recoveryCode = await saveRecoveryCode(page)
      await openAccount(page, 20_000)
      await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(`@${username}`)
      const address = await page.getByTestId('demo-address').textContent()
      await context.close()
      return address
    }
    const first = await signIn()
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect(signIn()).resolves.toBe(first)
  }, 120_000)

  it('asks a social sign-in on a new browser for the recovery code before it opens the wallet there', async () => {
    const username = `stepup-${Date.now()}`
    const signIn = async () => {
      const opened = await openDemo()
      await connectButton(opened.page).click()
      const popupOpened = opened.context.waitForEvent('page')
      await modal(opened.page).getByRole('button', { name: 'Continue with Google' }).click()
      const popup = await popupOpened
      await popup.getByLabel('Username').fill(username)
      await popup.getByRole('button', { name: 'Continue' }).click()
      return opened
    }
    const first = await signIn()
    const recoveryCode = await saveRecoveryCode(first.page)
    await openAccount(first.page, 20_000)
    const address = await first.page.getByTestId('demo-address').textContent()
    await first.context.close()

    const second = await signIn()
    // The sign-in alone opens nothing: the frame asks for the factor only the user holds.
    await expect(modal(second.page).getByTestId('account-address').count()).resolves.toBe(0)
    await enterRecoveryCode(second.page, recoveryCode)
    await openAccount(second.page, 20_000)
    await expect(second.page.getByTestId('demo-address').textContent()).resolves.toBe(address)
    await second.context.close()
  })

  it('answers nothing to a window that is not its parent, even from an allowed site', async () => {
    const { page, context } = await openDemo()
    await connectButton(page).click()
    // Starting an e-mail login mounts the frame.
    const email = `mallory-${Date.now()}@example.com`
    const after = Date.now() - 1000
    await modal(page).getByRole('textbox', { name: 'Email' }).fill(email)
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await modal(page).locator('h3', { hasText: 'Confirm this device' }).waitFor()
    // The wallet frame counts what reaches it, beside its own listener, to know when the posts arrived.
    const walletFrame = page.frame({ name: 'portico-auth' })
    if (!walletFrame) throw new Error('the wallet frame is not mounted')
    type Counting = { foreignMessages: number }
    await walletFrame.evaluate(() => {
      const counting = window as unknown as Counting
      counting.foreignMessages = 0
      window.addEventListener('message', (event) => {
        if (String(event.data?.id).startsWith('evil-')) counting.foreignMessages += 1
      })
    })
    const popupOpened = context.waitForEvent('page')
    await page.evaluate((url) => window.open(url, 'foreign'), `${stack().wallet}/index.html`)
    const foreign = await popupOpened
    await foreign.waitForLoadState()
    type Listening = { seen: unknown[] }
    const frames = await foreign.evaluate((authOrigin) => {
      // Cross-origin, a window may still index another's frames: post to every frame of the dApp page.
      const opener = window.opener as Window
      const listening = window as unknown as Listening
      listening.seen = []
      window.addEventListener('message', (event) => listening.seen.push(event.data))
      for (let index = 0; index < opener.length; index++) {
        for (const type of ['IS_CONNECTED', 'GET_USER', 'SIGN_OUT']) {
          opener[index]?.postMessage({ type: `@portico-app/${type}`, id: `evil-${type}` }, authOrigin)
        }
      }
      return opener.length
    }, new URL(stack().auth).origin)
    expect(frames).toBeGreaterThanOrEqual(1)
    await expect
      .poll(() => walletFrame.evaluate(() => (window as unknown as Counting).foreignMessages))
      .toBe(3)
    // The real parent is still served: the device confirmation goes on to a working code entry.
    await confirmDeviceByMail(context, email, after)
    await modal(page)
      .getByText(/We sent a 6-digit code/)
      .waitFor({ timeout: 30_000 })
    await expect(modal(page).getByRole('textbox', { name: 'Digit 1 of 6' }).isEnabled()).resolves.toBe(true)
    // By now the frame has answered its parent several times; the foreign window still has no answer.
    await expect(foreign.evaluate(() => (window as unknown as Listening).seen)).resolves.toEqual([])
    await context.close()
  })
})
