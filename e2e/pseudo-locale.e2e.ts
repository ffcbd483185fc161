import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pseudoText } from '../packages/core/src/i18n/pseudo-locale.js'
import { atBothSizes, clippedText, DESKTOP, SCRIPTS } from './clipped-text.js'
import {
  closeBrowser,
  connectButton,
  connectTestWallet,
  contextWithWalletAccount,
  modal,
  screenshot,
  settleAnimations,
  stack,
} from './fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** The test wallet's account here: one no other file uses (it receives, and never sends). */
const ACCOUNT_INDEX = 49

const heading = (page: Page) => modal(page).locator('h2').first()

/** Switches the modal's language while the page runs (the demo's console helper, core's `setLocale`). */
const switchLocale = (page: Page, locale: string) =>
  page.evaluate(
    (tag) => (window as unknown as { porticoSetLocale(l: string): Promise<void> }).porticoSetLocale(tag),
    locale,
  )

/**
 * The view as it is, at 1280x800 and at 375 px: no text of the catalogue cut off or out of the dialog at
 * either size (screenshots `pseudo-<name>-1280` and `-375`); desktop size again after.
 */
async function expectNothingCutOff(page: Page, name: string): Promise<void> {
  await atBothSizes(page, async (size) => {
    await settleAnimations(page)
    expect(await clippedText(page, SCRIPTS.pseudo), `${name} at ${size}`).toEqual([])
    await screenshot(page, `pseudo-${name}-${size}`)
  })
}

describe('the pseudo-locale (accented, 40 % longer) shows no text cut off', () => {
  let context: BrowserContext
  beforeAll(async () => {
    // A receipt, so Activity has a month to show.
    await fundOnChain1(visitorAccount(ACCOUNT_INDEX).address, { eth: '1' })
    context = await contextWithWalletAccount(ACCOUNT_INDEX, DESKTOP)
  })
  afterAll(async () => {
    await context.close()
    await closeBrowser()
  })

  it('Connect, Account, Activity, Send and Swap, on desktop and at 375 px', async () => {
    const page = await context.newPage()
    await page.goto(`${stack().demo}/?locale=en-XA`, { waitUntil: 'networkidle' })
    await connectButton(page).click()
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(pseudoText('Connect wallet'))
    await expectNothingCutOff(page, 'connect')
    // The check itself: the heading squeezed into 40 px, its text cut, is what it reports.
    await heading(page).evaluate((element) => {
      element.style.cssText = 'inline-size:40px;overflow:hidden;white-space:nowrap'
    })
    expect(await clippedText(page, SCRIPTS.pseudo)).toEqual([expect.stringMatching(/^cut off: <h2 /)])
    await heading(page).evaluate((element) => element.removeAttribute('style'))

    // The test wallet's own prompt speaks English: connected in English, then back to the pseudo-locale.
    await page.keyboard.press('Escape')
    await switchLocale(page, 'en')
    await connectTestWallet(page)
    await switchLocale(page, 'en-XA')
    await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toBe(pseudoText('Account'))
    await expectNothingCutOff(page, 'account')

    await modal(page)
      .getByRole('button', { name: pseudoText('Activity'), exact: true })
      .click()
    await modal(page).locator('.group-title').first().waitFor({ timeout: 20_000 })
    await expectNothingCutOff(page, 'activity')
    await modal(page)
      .getByRole('button', { name: pseudoText('Back') })
      .click()

    for (const [view, title] of [
      ['send', 'Send'],
      ['swap', 'Swap'],
    ] as const) {
      await modal(page)
        .getByRole('button', { name: pseudoText(title), exact: true })
        .click()
      await expect
        .poll(() => heading(page).textContent(), { timeout: 10_000 })
        .not.toBe(pseudoText('Account'))
      await expectNothingCutOff(page, view)
      await modal(page)
        .getByRole('button', { name: pseudoText('Back') })
        .click()
      await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toBe(pseudoText('Account'))
    }
    await page.close()
  })
})
