import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core'
import { modal, openAccount, stack } from './fixtures.js'

interface InboxMail {
  id: string
  to: string
  subject: string
  text: string
  receivedAt: string
}

/** The newest mail to `email` in the stack's capture inbox that `accept` takes, waiting for it to arrive. */
export async function waitForMail(
  email: string,
  accept: (mail: InboxMail) => boolean = () => true,
  { after = 0, timeoutMs = 30_000 } = {},
): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await fetch(`${stack().auth}/inbox/messages?to=${encodeURIComponent(email)}`)
    const mails = (await response.json()) as InboxMail[]
    const found = mails.find((mail) => Date.parse(mail.receivedAt) >= after && accept(mail))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail to ${email} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The six-digit code of the newest mail to `email` whose subject matches (a sign-in code by default). */
export async function readCode(email: string, after = 0, subject = /sign-in code/i): Promise<string> {
  const mail = await waitForMail(email, (candidate) => subject.test(candidate.subject), { after })
  const code = /\b(\d{6})\b/.exec(mail.subject + mail.text)?.[1]
  if (!code) throw new Error(`no code in ${JSON.stringify(mail)}`)
  return code
}

/**
 * Confirms the device by the newest link mailed to `email`, opened in a new tab of `context` the way the
 * visitor opens it from the mailbox. Every device not yet confirmed for an address asks for this first.
 */
export async function confirmDeviceByMail(context: BrowserContext, email: string, after = 0): Promise<void> {
  const mail = await waitForMail(email, (candidate) => /confirm/i.test(candidate.subject), { after })
  const link = /https?:\/\/\S+device\/confirm\S*/.exec(mail.text)?.[0]
  if (!link) throw new Error(`no confirmation link in ${JSON.stringify(mail)}`)
  const page = await context.newPage()
  await page.goto(link)
  await page.getByRole('button', { name: /confirm/i }).click()
  await page
    .getByText(/confirmed/i)
    .first()
    .waitFor()
  await page.close()
}

/** Types a code into the six boxes the way a visitor pastes it. */
export async function enterCode(page: Page, code: string): Promise<void> {
  const first = modal(page).getByRole('textbox', { name: 'Digit 1 of 6' })
  await first.waitFor()
  await first.fill(code)
}

/** Starts an e-mail login from the Connect view and returns when the code entry shows. */
export async function startEmailLogin(page: Page, email: string): Promise<void> {
  await modal(page).getByRole('textbox', { name: 'Email' }).fill(email)
  await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
}

/** The launcher the wallet frame shows over the dApp for a signing request: it opens the wallet window. */
export const walletLauncher = (page: Page) =>
  page.frameLocator('iframe[name="portico-auth"]').getByRole('dialog')

/** The launcher's button that opens (or brings back) the wallet's approval window. */
export const reviewButton = (page: Page) =>
  walletLauncher(page).getByRole('button', { name: /^(Review in wallet window|Show wallet window)$/ })

const approvalWindows = new WeakMap<Page, Page>()

/**
 * The wallet's approval window for `page`'s request, opened the way a visitor does (Review in the
 * launcher), or the one already open.
 */
export async function walletWindow(page: Page): Promise<Page> {
  const open = approvalWindows.get(page)
  if (open && !open.isClosed()) return open
  const opened = page.context().waitForEvent('page', { timeout: 20_000 })
  await walletLauncher(page).getByRole('button', { name: 'Review in wallet window' }).click()
  const window = await opened
  approvalWindows.set(page, window)
  await window.waitForLoadState()
  return window
}

/** The approval sheet in a wallet window. */
export const sheetIn = (window: Page) => window.getByRole('dialog', { name: 'Approve request' })

/** The embedded wallet's approval sheet, in the wallet's own window (opened by Review if need be). */
export async function walletSheet(page: Page): Promise<Locator> {
  return sheetIn(await walletWindow(page))
}

/**
 * Answers a signing request the way a visitor does: Review in the frame's launcher, then, once Approve
 * takes input, Approve or Reject in the wallet window, which then closes.
 */
export async function answerInFrame(page: Page, answer: 'Approve' | 'Reject'): Promise<void> {
  const window = await walletWindow(page)
  // Approve is aria-disabled for a moment after the sheet shows (no click-through): wait until it is not.
  const closed = window.waitForEvent('close')
  await sheetIn(window)
    .getByRole('button', { name: answer, disabled: false })
    .click()
    .catch((error: unknown) => {
      if (!window.isClosed()) throw error
    })
  await closed
}

const walletFrame = (page: Page) => page.frameLocator('iframe[name="portico-auth"]')
/** The wallet frame's sheet that sets up the recovery factor when a wallet is made. */
export const protectSheet = (page: Page) =>
  walletFrame(page).getByRole('dialog', { name: 'Protect your wallet' })
/** The wallet frame's sheet that asks for the recovery factor on a new device. */
export const unlockSheet = (page: Page) =>
  walletFrame(page).getByRole('dialog', { name: 'Open your wallet on this device' })

/** At the sign-in that makes the wallet: reads the recovery code the frame shows once, and saves it. */
export async function saveRecoveryCode(page: Page): Promise<string> {
  const sheet = protectSheet(page)
  const code = (await sheet.getByLabel('Recovery code').textContent({ timeout: 20_000 })) ?? ''
  if (!/^([0-9A-Z]{4}-){5}[0-9A-Z]{4}$/.test(code)) throw new Error(`no recovery code shown: ${code}`)
  await sheet.getByRole('button', { name: 'I saved my recovery code' }).click()
  return code
}

/** On a new device: types the saved recovery code into the frame's sheet and opens the wallet. */
export async function enterRecoveryCode(page: Page, code: string): Promise<void> {
  const sheet = unlockSheet(page)
  await sheet.getByLabel('Recovery code').fill(code, { timeout: 20_000 })
  await sheet.getByRole('button', { name: 'Open wallet' }).click()
}

/**
 * The e-mail sign-up of a new address from the modal's Connect view (already open): the address, the
 * device confirmed by the mailed link, the mailed code, and the new wallet's recovery code saved, which it
 * returns. What the modal shows next (Account, ConnectingSiwe, or closed) is the caller's.
 */
export async function emailSignUpSteps(page: Page, email: string): Promise<string> {
  const mailedAfter = Date.now() - 1000
  await startEmailLogin(page, email)
  // A browser new to the address confirms itself by the mailed link first, then gets the code.
  await confirmDeviceByMail(page.context(), email, mailedAfter)
  await enterCode(page, await readCode(email, mailedAfter))
  return saveRecoveryCode(page)
}

/**
 * A fresh visitor signs in with a new e-mail address, saves the recovery code its new wallet shows, and
 * lands on the Account view; returns the wallet's address and that code.
 */
export async function signUpByEmail(
  page: Page,
  email: string,
): Promise<{ address: `0x${string}`; recoveryCode: string }> {
  await page.locator('button.portico-connect-button').click()
  const recoveryCode = await emailSignUpSteps(page, email)
  await openAccount(page, 20_000)
  return { address: (await page.getByTestId('demo-address').textContent()) as `0x${string}`, recoveryCode }
}

/** A fresh visitor signs in with a new e-mail address and lands on the Account view; returns its address. */
export async function signInByEmail(page: Page, email: string): Promise<`0x${string}`> {
  return (await signUpByEmail(page, email)).address
}

/**
 * On the signed-in Account view: asks to change the e-mail to `newEmail` and waits for the first code
 * screen. Returns the time the mails of the change count from.
 */
export async function startEmailChange(page: Page, email: string, newEmail: string): Promise<number> {
  await modal(page).getByRole('button', { name: 'Change e-mail' }).click()
  const after = Date.now() - 1000
  await modal(page).getByLabel('New e-mail').fill(newEmail)
  await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
  await modal(page).getByText(`Enter the code we sent to your current address, ${email}.`).waitFor()
  return after
}

/** Chromium's virtual platform authenticator with PRF (hmac-secret), as a synced passkey provider. */
export async function addPasskeyProvider(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}
