import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  confirmDeviceByMail,
  enterCode,
  readCode,
  saveRecoveryCode,
  signInByEmail,
  startEmailChange,
  startEmailLogin,
  waitForMail,
} from './auth-fixtures.js'
import {
  chooseDemoTheme,
  closeBrowser,
  connectButton,
  getBrowser,
  modal,
  openAccount,
  openDemo,
  screenshot,
  settleAnimations,
  stack,
  toast,
} from './fixtures.js'

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const PRIMARY = /^Confirm your e-mail change: \d{6}$/
const SECONDARY = /^Confirm your new e-mail: \d{6}$/

const resendButton = (page: Page) => modal(page).getByRole('button', { name: /^Resend code/ })

/** The countdown holds Resend back for the address's 30 s cooldown; once it runs out, Resend mails again. */
async function resendAfterCooldown(page: Page, email: string, subject: RegExp): Promise<string> {
  await expect(resendButton(page).isDisabled()).resolves.toBe(true)
  expect(await resendButton(page).textContent()).toMatch(/^Resend code in \d+ s$/)
  const mailsBefore = await countMails(email, subject)
  await modal(page).getByRole('button', { name: 'Resend code', exact: true }).waitFor({ timeout: 35_000 })
  const after = Date.now() - 1000
  await resendButton(page).click()
  // The next wait starts at once.
  await modal(page)
    .getByRole('button', { name: /^Resend code in \d+ s$/ })
    .waitFor()
  await waitForMail(email, (mail) => subject.test(mail.subject), { after })
  expect(await countMails(email, subject)).toBe(mailsBefore + 1)
  return readCode(email, after, subject)
}

async function countMails(email: string, subject: RegExp): Promise<number> {
  const response = await fetch(`${stack().auth}/inbox/messages?to=${encodeURIComponent(email)}`)
  const mails = (await response.json()) as { subject: string }[]
  return mails.filter((mail) => subject.test(mail.subject)).length
}

describe('change e-mail: Resend', () => {
  afterAll(closeBrowser)

  it('resends the code on both code screens after the cooldown, and the resent codes change the address', async () => {
    const email = uniqueEmail('resend')
    const newEmail = uniqueEmail('resend-new')
    const { page, context } = await openDemo()
    await signInByEmail(page, email)

    const after = await startEmailChange(page, email, newEmail)
    const firstPrimary = await readCode(email, after, PRIMARY)
    await screenshot(page, 'change-email-resend-primary')
    const secondPrimary = await resendAfterCooldown(page, email, PRIMARY)
    if (secondPrimary !== firstPrimary) {
      // The resent code replaces the first.
      await enterCode(page, firstPrimary)
      await modal(page).getByRole('alert').waitFor()
    }
    await enterCode(page, secondPrimary)

    await modal(page).getByText(`Enter the code we sent to ${newEmail}.`).waitFor()
    const firstSecondary = await readCode(newEmail, after, SECONDARY)
    await screenshot(page, 'change-email-resend-secondary')
    const secondSecondary = await resendAfterCooldown(page, newEmail, SECONDARY)
    // Only the new address got a mail: the first step was not asked again.
    expect(await countMails(email, PRIMARY)).toBe(2)
    if (secondSecondary !== firstSecondary) {
      await enterCode(page, firstSecondary)
      await modal(page).getByRole('alert').waitFor()
    }
    await enterCode(page, secondSecondary)
    await toast(page).getByText('E-mail updated').waitFor()
    await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(newEmail)
    await context.close()
  }, 150_000)

  it('offers Resend on the code screen of a phone, in light', async () => {
    const email = uniqueEmail('resend-phone')
    const context = await (await getBrowser()).newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    })
    const { page } = await openDemo({ context })
    await chooseDemoTheme(page, 'light')
    await connectButton(page).click()
    const after = Date.now() - 1000
    await startEmailLogin(page, email)
    await confirmDeviceByMail(context, email, after)
    await enterCode(page, await readCode(email, after))
    await saveRecoveryCode(page)
    await openAccount(page, 20_000)
    await modal(page).getByRole('button', { name: 'Change e-mail' }).click()
    await modal(page).getByLabel('New e-mail').fill(uniqueEmail('resend-phone-new'))
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await modal(page).getByText(`Enter the code we sent to your current address, ${email}.`).waitFor()
    await expect(resendButton(page).isDisabled()).resolves.toBe(true)
    await resendButton(page).scrollIntoViewIfNeeded()
    expect(await resendButton(page).isVisible()).toBe(true)
    await settleAnimations(page)
    await screenshot(page, 'change-email-resend-mobile-light')
    await context.close()
  })
})
