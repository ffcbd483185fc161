import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  chooseDemoTheme,
  closeBrowser,
  connectButton,
  connectTestWallet,
  getBrowser,
  modal,
  openDemo,
  screenshot,
  settleAnimations,
  walletBadge,
} from './fixtures.js'

const phone = async (): Promise<BrowserContext> =>
  (await getBrowser()).newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })

/** Scrolls with the wheel over (x, y), and waits for the scroll to land. */
async function wheelAt(page: Page, x: number, y: number): Promise<void> {
  await page.mouse.move(x, y)
  await page.mouse.wheel(0, 300)
  // Two frames: a scroll the wheel caused has been applied by then.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

/** Nothing in the sheet is wider than it, and the page is not widened either. */
async function expectNoHorizontalOverflow(page: Page, view: string): Promise<void> {
  const sizes = await page.locator('portico-modal').evaluate((host) => {
    const root = host.shadowRoot as ShadowRoot
    const dialog = root.querySelector('.dialog') as HTMLElement
    const content = root.querySelector('.content') as HTMLElement
    const right = dialog.getBoundingClientRect().right
    // Any element reaching past the sheet's edge (clipped or not).
    const outside = [...dialog.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > right + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
    return {
      dialog: [dialog.scrollWidth, dialog.clientWidth],
      content: [content.scrollWidth, content.clientWidth],
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      outside,
    }
  })
  expect(sizes.dialog[0], `${view}: dialog`).toBeLessThanOrEqual(sizes.dialog[1] as number)
  expect(sizes.content[0], `${view}: content`).toBeLessThanOrEqual(sizes.content[1] as number)
  expect(sizes.page[0], `${view}: page`).toBeLessThanOrEqual(sizes.page[1] as number)
  expect(sizes.outside, `${view}: elements past the sheet's edge`).toEqual([])
}

/** Every visible button and link of the modal is what a tap on its centre reaches (the badge is not on top). */
async function expectButtonsUncovered(page: Page, view: string): Promise<void> {
  const badge = await walletBadge(page).boundingBox()
  expect(badge, 'the test wallet badge is on the page').not.toBeNull()
  const covered = await page.locator('portico-modal').evaluate((host) => {
    const root = host.shadowRoot as ShadowRoot
    return [...root.querySelectorAll<HTMLElement>('.dialog button, .dialog a, .dialog input')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const box = element.getBoundingClientRect()
        const x = box.left + box.width / 2
        const y = box.top + box.height / 2
        const visible = y >= 0 && y <= innerHeight && x >= 0 && x <= innerWidth
        return {
          name: element.textContent || element.getAttribute('aria-label'),
          visible,
          top: document.elementFromPoint(x, y),
        }
      })
      .filter(({ visible, top }) => visible && top !== host)
      .map(({ name }) => name)
  })
  expect(covered, `${view}: buttons under something else`).toEqual([])
}

describe('the modal on a phone', () => {
  afterAll(closeBrowser)

  it('holds the page behind it still, lets it go on close, and does not shift it', async () => {
    const { page, context } = await openDemo({ context: await phone() })
    // The page itself scrolls (so holding it still means something), then goes back to the top.
    await wheelAt(page, 187, 400)
    expect(await scrollY(page)).toBeGreaterThan(0)
    await page.evaluate(() => window.scrollTo(0, 0))
    const before = await connectButton(page).boundingBox()
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /All wallets/ })
      .waitFor()
    await settleAnimations(page)
    // No layout shift: what is behind the modal stays where it was.
    expect(await connectButton(page).boundingBox()).toEqual(before)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')

    // Neither the wheel over the backdrop nor over the sheet moves the page.
    await wheelAt(page, 187, 40)
    const sheet = (await modal(page).boundingBox()) as { x: number; y: number; width: number; height: number }
    await wheelAt(page, 187, sheet.y + sheet.height / 2)
    expect(await scrollY(page)).toBe(0)

    await modal(page).getByRole('button', { name: 'Close' }).click()
    await modal(page).waitFor({ state: 'hidden' })
    // Restored as it was: the page scrolls again.
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('')
    await wheelAt(page, 187, 400)
    expect(await scrollY(page)).toBeGreaterThan(0)
    await context.close()
  })

  it('keeps a desktop page where it was while the modal is open', async () => {
    const { page, context } = await openDemo()
    const gutter = () => page.evaluate(() => innerWidth - document.documentElement.clientWidth)
    const before = { box: await connectButton(page).boundingBox(), gutter: await gutter() }
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /All wallets/ })
      .waitFor()
    expect({ box: await connectButton(page).boundingBox(), gutter: await gutter() }).toEqual(before)
    await wheelAt(page, 20, 400)
    expect(await scrollY(page)).toBe(0)
    await context.close()
  })

  for (const theme of ['dark', 'light'] as const) {
    it(`fits every view in the 375 px sheet, with no button under the test wallet badge (${theme})`, async () => {
      const { page, context } = await openDemo({ context: await phone() })
      await chooseDemoTheme(page, theme)
      await connectButton(page).click()
      await modal(page)
        .getByRole('button', { name: /All wallets/ })
        .waitFor()
      await settleAnimations(page)
      await expectNoHorizontalOverflow(page, 'Connect')
      await expectButtonsUncovered(page, 'Connect')
      await screenshot(page, `mobile-connect-${theme}`)

      await modal(page)
        .getByRole('button', { name: /All wallets/ })
        .click()
      await modal(page).locator('.tile').first().waitFor()
      await expectNoHorizontalOverflow(page, 'AllWallets')
      await expectButtonsUncovered(page, 'AllWallets')
      await modal(page).locator('header').getByRole('button', { name: 'Back' }).click()

      await modal(page)
        .getByRole('button', { name: /WalletConnect/ })
        .first()
        .click()
      await modal(page).locator('[data-pairing-uri^="wc:"]').waitFor()
      await expectNoHorizontalOverflow(page, 'Pairing')
      await expectButtonsUncovered(page, 'Pairing')
      await screenshot(page, `mobile-pairing-${theme}`)
      await modal(page).locator('header').getByRole('button', { name: 'Back' }).click()

      await connectTestWallet(page)
      await expectNoHorizontalOverflow(page, 'Account')
      await expectButtonsUncovered(page, 'Account')
      await screenshot(page, `mobile-account-${theme}`)
      await context.close()
    })
  }
})
