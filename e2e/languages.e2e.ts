import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import arabicCore from '../packages/core/src/i18n/locales/ar.js'
import arabic from '../packages/react/src/locales/ar.js'
import german from '../packages/react/src/locales/de.js'
import hebrewMail from '../services/auth/src/mail-locales/he.js'
import { waitForMail } from './auth-fixtures.js'
import { violations } from './axe-violations.js'
import {
  closeBrowser,
  connectButton,
  connectTestWallet,
  contextWithWalletAccount,
  getBrowser,
  modal,
  settleAnimations,
  stack,
} from './fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** The test wallet's account here: one no other file uses (it receives, and never sends). */
const ACCOUNT_INDEX = 47
const ARABIC_SCRIPT = /[\u0600-\u06FF]/
/** Where the screenshots go, to compare the locales by eye (printed at the end). */
const SHOTS = join(tmpdir(), 'portico-languages')

const dialog = (page: Page) => page.locator('portico-modal').locator('.dialog')
const heading = (page: Page) => dialog(page).locator('h2').first()

/** The language the modal speaks now, as its dialog says it. */
const dialogLanguage = (page: Page) =>
  dialog(page).evaluate((element) => ({
    lang: element.closest('[lang]')?.getAttribute('lang'),
    dir: getComputedStyle(element).direction,
  }))

/** Switches the modal's language while the page runs (the demo's console helper, core's `setLocale`). */
const switchLocale = (page: Page, locale: string) =>
  page.evaluate(
    (tag) => (window as unknown as { porticoSetLocale(l: string): Promise<void> }).porticoSetLocale(tag),
    locale,
  )

async function shoot(page: Page, name: string): Promise<void> {
  await settleAnimations(page)
  await page.screenshot({ path: join(SHOTS, `${name}.png`) })
}

/** In a right-to-left dialog the close button sits at the left end of the header, the heading at the right. */
async function isLaidOutRightToLeft(page: Page): Promise<boolean> {
  const close = await dialog(page).getByRole('button', { name: arabic.modal.close }).boundingBox()
  const title = await heading(page).boundingBox()
  return close !== null && title !== null && close.x + close.width <= title.x
}

describe('every visitor in their own language', () => {
  let context: BrowserContext
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    await fundOnChain1(visitorAccount(ACCOUNT_INDEX).address, { eth: '1', usdc: '25' })
    context = await contextWithWalletAccount(ACCOUNT_INDEX, { width: 1280, height: 800 })
  })
  afterAll(async () => {
    await context.close()
    await closeBrowser()
    console.log(`language screenshots: ${SHOTS}`)
  })

  it('Arabic: the Connect view right-to-left, translated, with no axe violation, on desktop and at 375 px', async () => {
    const page = await context.newPage()
    await page.goto(`${stack().demo}/?locale=ar`, { waitUntil: 'networkidle' })
    await connectButton(page).click()
    await heading(page).waitFor()
    // The page's own button speaks Arabic too, from the modal's first load on.
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 10_000 })
      .toBe(arabicCore.core.connectWallet)
    expect(await dialogLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' })
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(arabic['wallet-list'].connectTitle)
    expect(await isLaidOutRightToLeft(page)).toBe(true)
    expect(await violations(page)).toEqual([])
    await shoot(page, 'ar-connect-1280')
    await page.setViewportSize({ width: 375, height: 740 })
    await shoot(page, 'ar-connect-375')
    // Nothing runs out of the dialog sideways on a phone, whatever the translation's length.
    expect(await dialog(page).evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(
      true,
    )
    await page.close()
  })

  it('switches language while the page runs: English to Arabic and German, Account, Activity, Send and Swap', async () => {
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${stack().demo}/?locale=en`, { waitUntil: 'networkidle' })
    await page.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
    })
    await connectTestWallet(page)
    expect(await heading(page).textContent()).toBe('Account')

    await switchLocale(page, 'ar')
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(arabic.account.accountTitle)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    expect(await dialogLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' })
    expect(await isLaidOutRightToLeft(page)).toBe(true)
    expect(await violations(page)).toEqual([])
    await shoot(page, 'ar-account-1280')

    // Activity groups by month, named in the visitor's language.
    await dialog(page).getByRole('button', { name: arabic.activity.activity }).click()
    const month = new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(),
    )
    await dialog(page).locator('.group-title').first().waitFor({ timeout: 20_000 })
    expect(await dialog(page).locator('.group-title').first().textContent()).toBe(month)
    expect(await violations(page)).toEqual([])
    await shoot(page, 'ar-activity-1280')
    await dialog(page).getByRole('button', { name: arabic.modal.back }).click()

    for (const [view, name] of [
      ['send', arabic.send.send],
      ['swap', arabic.swap.swap],
    ] as const) {
      await dialog(page).getByRole('button', { name, exact: true }).click()
      await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toMatch(ARABIC_SCRIPT)
      expect(await violations(page), view).toEqual([])
      await shoot(page, `ar-${view}-1280`)
      await dialog(page).getByRole('button', { name: arabic.modal.back }).click()
      await expect
        .poll(() => heading(page).textContent(), { timeout: 10_000 })
        .toBe(arabic.account.accountTitle)
    }

    // German: the long words of the catalogue, left to right again.
    await switchLocale(page, 'de')
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(german.account.accountTitle)
    expect(await dialogLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' })
    expect(await violations(page)).toEqual([])
    await dialog(page).getByRole('button', { name: german.send.send, exact: true }).click()
    await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toBe(german.send.sendTitle)
    expect(await violations(page)).toEqual([])
    await shoot(page, 'de-send-1280')
    await page.close()
  })

  it('a Hebrew visitor signing in by e-mail gets the mail in Hebrew', async () => {
    const visitor = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 800 } })
    const page = await visitor.newPage()
    await page.goto(`${stack().demo}/?locale=he`, { waitUntil: 'networkidle' })
    await connectButton(page).click()
    const email = `hebrew-${Date.now()}@example.com`
    const sentAfter = Date.now() - 1000
    await modal(page).locator('input[type=email]').fill(email)
    await modal(page).locator('form.email-form button[type=submit]').click()
    const mail = await waitForMail(email, () => true, { after: sentAfter })
    expect(mail.subject).toBe(hebrewMail.deviceSubject)
    await visitor.close()
  })
})
