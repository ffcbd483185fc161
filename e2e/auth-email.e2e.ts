import type { Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, parseEther, verifyMessage } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import {
  answerInFrame,
  confirmDeviceByMail,
  enterCode,
  enterRecoveryCode,
  readCode,
  saveRecoveryCode,
  signInByEmail,
  startEmailChange,
  startEmailLogin,
  waitForMail,
  walletSheet,
  walletWindow,
} from './auth-fixtures.js'
import {
  actionLabelsSplitMidWord,
  actionRowGaps,
  closeBrowser,
  connectButton,
  getBrowser,
  modal,
  openAccount,
  openDemo,
  screenshot,
  stack,
  toast,
} from './fixtures.js'
import { launchChromium } from './launch-chromium.js'

const recipient = '0x000000000000000000000000000000000000bEEF'
/** The accessible name of the element focused inside the modal's shadow root. */
const focusedInModal = (page: Page) =>
  page
    .locator('portico-modal')
    .evaluate((host) => host.shadowRoot?.activeElement?.getAttribute('aria-label') ?? null)

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

describe('e-mail sign-in with the embedded wallet', () => {
  afterAll(closeBrowser)

  it('signs in with the mailed code, signs and sends with the embedded wallet, and signs out', async () => {
    const email = uniqueEmail('alice')
    const { page, context } = await openDemo()
    await connectButton(page).click()
    await modal(page).getByRole('textbox', { name: 'Email' }).waitFor()
    await screenshot(page, 'auth-connect-view')
    const mailedAfter = Date.now()
    await startEmailLogin(page, email)
    // A first sign-in on this browser confirms it from the mailbox, whether or not the address is known.
    await modal(page).locator('h3', { hasText: 'Confirm this device' }).waitFor()
    await confirmDeviceByMail(context, email, mailedAfter - 1000)
    await modal(page).getByText(`We sent a 6-digit code to ${email}.`).waitFor({ timeout: 30_000 })
    const code = await readCode(email, mailedAfter - 1000)

    // A wrong code is refused and the boxes stay open for another try.
    await enterCode(page, code === '000000' ? '111111' : '000000')
    await modal(page).getByRole('alert').waitFor()
    await screenshot(page, 'auth-otp-wrong')
    await enterCode(page, code)
    // The wallet is made now: the frame shows the recovery code once, in its own sheet.
    await saveRecoveryCode(page)

    await openAccount(page, 20_000)
    await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(email)
    // The e-mail account's actions: two rows that each reach both edges, and no word split in a tile.
    await expect(actionRowGaps(page)).resolves.toEqual([0, 0])
    await expect(actionLabelsSplitMidWord(page)).resolves.toEqual([])
    await expect(connectButton(page).textContent()).resolves.toMatch(/0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/)
    const full = (await page.getByTestId('demo-address').textContent()) as `0x${string}`
    expect(full).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await screenshot(page, 'auth-account-view')
    await modal(page).getByRole('button', { name: 'Close' }).click()

    // Signing asks the visitor inside the wallet frame; the modal waits under it. The signature is the
    // embedded wallet's.
    await page.getByRole('button', { name: 'Sign message' }).click()
    const sheet = await walletSheet(page)
    await sheet.getByText('Hello from the Portico demo').waitFor()
    await expect(sheet.getByText(/asks your wallet to/).textContent()).resolves.toContain(
      new URL(page.url()).host,
    )
    await modal(page).getByText('Sign a message').waitFor()
    await screenshot(await walletWindow(page), 'auth-approve-sign')
    await answerInFrame(page, 'Approve')
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()
    const signature = (await page.getByTestId('sign-result').locator('code').textContent()) as `0x${string}`
    await expect(
      verifyMessage({ address: full, message: 'Hello from the Portico demo', signature }),
    ).resolves.toBe(true)

    // A rejected request never reaches the wallet.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await answerInFrame(page, 'Reject')
    await page
      .getByTestId('sign-result')
      .getByText(/reject/i)
      .waitFor()

    // Fund the fresh wallet on the devnet, then send from it.
    const rpc = `${stack().devnet}/1`
    await createTestClient({ mode: 'anvil', transport: http(rpc) }).setBalance({
      address: full,
      value: parseEther('1'),
    })
    const client = createPublicClient({ transport: http(rpc) })
    const before = await client.getBalance({ address: recipient })
    await page.getByLabel('Recipient').fill(recipient)
    await page.getByRole('button', { name: 'Send' }).click()
    // The sheet shows the recipient, the amount and the network fee before anything is sent.
    const sendSheet = await walletSheet(page)
    await sendSheet.getByText(recipient).waitFor()
    await sendSheet.getByText('0.01 ETH').waitFor()
    await sendSheet.getByText('Network fee').waitFor()
    await screenshot(await walletWindow(page), 'auth-approve-send')
    await answerInFrame(page, 'Approve')
    const hash = (await page
      .getByTestId('send-result')
      .locator('code')
      .textContent({ timeout: 20_000 })) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(full.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('0.01'))

    // Still signed in after a reload (the frame's session), then sign-out clears everything.
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 })
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(full)
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => connectButton(page).textContent()).toBe('Connect wallet')
    const keys = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('@portico/frame')),
    )
    expect(keys).toEqual([])
    await page.reload()
    await expect(connectButton(page).textContent()).resolves.toBe('Connect wallet')
    await context.close()
  })

  it('says so after a reload where the wallet frame keeps no storage, and offers to sign in again', async () => {
    const browser = await launchChromium({ partitionStorage: false })
    try {
      const context = await browser.newContext({
        viewport: { width: 1200, height: 800 },
        colorScheme: 'dark',
      })
      const { page } = await openDemo({ context })
      const email = uniqueEmail('no-storage')
      await signInByEmail(page, email)
      // The premise: the frame (another site than the demo) may not keep anything in this browser.
      const frame = page.frameLocator('iframe[name="portico-auth"]')
      await expect(
        frame.locator(':root').evaluate(() => {
          try {
            localStorage.setItem('portico-e2e-probe', '1')
            localStorage.removeItem('portico-e2e-probe')
            return 'kept'
          } catch {
            return 'denied'
          }
        }),
      ).resolves.toBe('denied')

      await page.reload()
      // The visitor saw the address before the reload: they are told it is gone, and the sign-in is open.
      await toast(page)
        .getByText(
          `Signed out: the sign-in of ${email} could not be restored in this browser. Sign in again to continue.`,
        )
        .waitFor({ timeout: 20_000 })
      await modal(page).getByRole('textbox', { name: 'Email' }).waitFor()
      await expect(connectButton(page).textContent()).resolves.toBe('Connect wallet')
      await expect(page.getByTestId('demo-status').textContent()).resolves.toBe('disconnected')
      await screenshot(page, 'auth-email-session-not-restored')
      // Where the dialog fills the window (a phone, a short window) the ten-second toast may not sit on
      // the field it asks the visitor to use, nor on the header's Back and Close.
      for (const viewport of [
        { width: 375, height: 667 },
        { width: 1280, height: 480 },
      ]) {
        await page.setViewportSize(viewport)
        const field = await modal(page).getByRole('textbox', { name: 'Email' }).boundingBox()
        const header = await modal(page).getByRole('button', { name: 'Close' }).boundingBox()
        const shown = await toast(page).boundingBox()
        expect(shown, `toast at ${viewport.width}x${viewport.height}`).not.toBeNull()
        if (!field || !header || !shown)
          throw new Error('the field, the Close button or the toast has no box')
        expect(
          overlaps(shown, field),
          `toast on the e-mail field at ${viewport.width}x${viewport.height}`,
        ).toBe(false)
        expect(overlaps(shown, header), `toast on the header at ${viewport.width}x${viewport.height}`).toBe(
          false,
        )
        expect(shown.y + shown.height).toBeLessThanOrEqual(viewport.height)
      }
      await context.close()
    } finally {
      await browser.close()
    }
  })

  it('recovers the same address on a second device with the recovery code, after confirming it by the mailed link', async () => {
    const email = uniqueEmail('bob')
    const first = await openDemo()
    await connectButton(first.page).click()
    let after = Date.now() - 1000
    await startEmailLogin(first.page, email)
    await confirmDeviceByMail(first.context, email, after)
    await enterCode(first.page, await readCode(email, after))
    const recoveryCode = await saveRecoveryCode(first.page)
    await openAccount(first.page, 20_000)
    const address = await first.page.getByTestId('demo-address').textContent()
    await first.context.close()

    const browser = await getBrowser()
    const second = await openDemo({ context: await browser.newContext() })
    await connectButton(second.page).click()
    after = Date.now() - 1000
    await startEmailLogin(second.page, email)
    // The first device asked for a code moments ago: the address's cooldown says how long to wait.
    const cooldown = await modal(second.page)
      .getByText(/Please try again after \d+ seconds/)
      .textContent()
    const seconds = Number(/(\d+) seconds/.exec(cooldown ?? '')?.[1])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(30)
    await second.page.waitForTimeout(seconds * 1000)
    after = Date.now() - 1000
    await modal(second.page).getByRole('button', { name: 'Continue', exact: true }).click()
    await modal(second.page).locator('h3', { hasText: 'Confirm this device' }).waitFor()
    await screenshot(second.page, 'auth-confirm-device')
    await screenshot(second.page, 'auth-confirm-device')
    const mail = await waitForMail(email, (candidate) => /confirm/i.test(candidate.subject), { after })
    const link = /https?:\/\/\S+device\/confirm\S*/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    const confirmPage = await second.context.newPage()
    await confirmPage.goto(link as string)
    await confirmPage.getByRole('button', { name: /confirm/i }).click()
    await confirmPage
      .getByText(/confirmed/i)
      .first()
      .waitFor()

    await modal(second.page).getByText(`We sent a 6-digit code to ${email}.`).waitFor({ timeout: 30_000 })
    await enterCode(second.page, await readCode(email, after))
    // The service holds one share: the visitor's recovery code opens the wallet here.
    await enterRecoveryCode(second.page, recoveryCode)
    await openAccount(second.page, 20_000)
    await expect(second.page.getByTestId('demo-address').textContent()).resolves.toBe(address)
    await second.context.close()
  }, 120_000)

  it('says how long to wait when a new code is asked for within the cooldown', async () => {
    const email = uniqueEmail('carol')
    const { page, context } = await openDemo()
    await connectButton(page).click()
    const after = Date.now() - 1000
    await startEmailLogin(page, email)
    await confirmDeviceByMail(context, email, after)
    await modal(page).getByText(`We sent a 6-digit code to ${email}.`).waitFor({ timeout: 30_000 })
    await expect(
      modal(page)
        .getByRole('button', { name: /Resend code in \d+ s/ })
        .isDisabled(),
    ).resolves.toBe(true)
    // Back on the Connect view, the same address again inside the 30 s cooldown.
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await startEmailLogin(page, email)
    await toast(page)
      .getByText(/Please try again after ([12]\d|30) seconds/)
      .waitFor()
    await context.close()
  })

  it('keeps the typed e-mail on Back from the code, and a corrected address is sent to at once', async () => {
    const typo = uniqueEmail('frank-typo')
    const fixed = typo.replace('frank-typo', 'frank')
    const { page, context } = await openDemo()
    await connectButton(page).click()
    let after = Date.now() - 1000
    await startEmailLogin(page, typo)
    await confirmDeviceByMail(context, typo, after)
    await modal(page).getByText(`We sent a 6-digit code to ${typo}.`).waitFor({ timeout: 30_000 })

    await modal(page).getByRole('button', { name: 'Back' }).click()
    const field = modal(page).getByRole('textbox', { name: 'Email' })
    await expect(field.inputValue()).resolves.toBe(typo)
    await screenshot(page, 'auth-back-keeps-email')
    // The typo's cooldown does not hold the corrected address back.
    after = Date.now() - 1000
    await field.fill(fixed)
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await modal(page).locator('h3', { hasText: 'Confirm this device' }).waitFor()
    await expect(
      modal(page)
        .getByText(/Please try again after/)
        .count(),
    ).resolves.toBe(0)
    await confirmDeviceByMail(context, fixed, after)
    await modal(page).getByText(`We sent a 6-digit code to ${fixed}.`).waitFor({ timeout: 30_000 })
    await enterCode(page, await readCode(fixed, after))
    await saveRecoveryCode(page)
    await openAccount(page, 20_000)
    await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(fixed)
    await context.close()
  })

  it('changes the e-mail with a code from the current address and one from the new one', async () => {
    const email = uniqueEmail('dave')
    const newEmail = uniqueEmail('dave-new')
    const { page, context } = await openDemo()
    await signInByEmail(page, email)

    const after = await startEmailChange(page, email, newEmail)
    // Each mail says what its code confirms.
    await enterCode(page, await readCode(email, after, /^Confirm your e-mail change: \d{6}$/))
    await modal(page).getByText(`Enter the code we sent to ${newEmail}.`).waitFor()
    await enterCode(page, await readCode(newEmail, after, /^Confirm your new e-mail: \d{6}$/))
    await toast(page).getByText('E-mail updated').waitFor()
    await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(newEmail)
    await context.close()
  })

  it('says how many tries are left after each wrong code, keeps box 1 focused, then locks the code', async () => {
    const email = uniqueEmail('erin')
    const { page, context } = await openDemo()
    await connectButton(page).click()
    const after = Date.now() - 1000
    await startEmailLogin(page, email)
    await confirmDeviceByMail(context, email, after)
    const code = await readCode(email, after)
    const wrong = code === '000000' ? '111111' : '000000'
    const tries = ['4 tries left', '3 tries left', '2 tries left', '1 try left']
    for (const [index, left] of tries.entries()) {
      await enterCode(page, wrong)
      const error = modal(page).getByRole('alert')
      await error.getByText(`That code is not right: ${left}`).waitFor()
      // Said once, under the field: no toast repeats it.
      await expect(toast(page).getByText('That code is not right').count()).resolves.toBe(0)
      if (index === 0) await screenshot(page, 'auth-otp-tries-left')
      // In the error colour of the theme.
      const [color, errorColor] = await error.evaluate((element) => {
        const probe = document.createElement('span')
        probe.style.color = 'var(--portico-error)'
        element.parentElement?.append(probe)
        const colors = [getComputedStyle(element).color, getComputedStyle(probe).color]
        probe.remove()
        return colors
      })
      expect(color).toBe(errorColor)
      // The visitor types the next try at once: the keyboard focus stayed in the first box.
      await expect(focusedInModal(page)).resolves.toBe('Digit 1 of 6')
    }
    await enterCode(page, wrong)
    await modal(page).getByRole('alert').getByText('Too many wrong codes. Ask for a new code.').waitFor()
    await modal(page).getByRole('textbox', { name: 'Digit 1 of 6' }).and(page.locator(':enabled')).waitFor()
    // The right code, once locked, is refused by the service: wait for that answer, then check nothing changed.
    const verified = page.waitForResponse((response) => response.url().endsWith('/auth/v1/email/verify'))
    await enterCode(page, code)
    expect((await verified).ok()).toBe(false)
    await modal(page).getByRole('alert').getByText('Too many wrong codes. Ask for a new code.').waitFor()
    await expect(modal(page).getByTestId('account-address').count()).resolves.toBe(0)
    await expect(connectButton(page).textContent()).resolves.toBe('Connect wallet')
    await context.close()
  })
})
