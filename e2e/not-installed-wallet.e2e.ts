import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  chooseDemoTheme,
  closeBrowser,
  getBrowser,
  modal,
  openDemo,
  screenshot,
  settleAnimations,
  toast,
} from './fixtures.js'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** What the page asked `window.open` for (the wallet's deep link), recorded instead of leaving the page. */
async function recordWindowOpen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const opened: { url: string; target: string }[] = []
    Object.assign(window, { __opened: opened })
    window.open = (url?: string | URL, target?: string) => {
      opened.push({ url: String(url), target: target ?? '' })
      return null
    }
  })
}

const opened = (page: Page) =>
  page.evaluate(() => (window as unknown as { __opened: { url: string; target: string }[] }).__opened)

/** Picks MetaMask (not installed in the test browser) on Connect. */
async function pickMetaMask(page: Page): Promise<void> {
  await page.locator('button.portico-connect-button').click()
  await modal(page)
    .getByRole('button', { name: /MetaMask/ })
    .click()
}

const title = (page: Page) => modal(page).getByRole('heading', { level: 2 })

describe('a wallet that is not installed', () => {
  afterAll(closeBrowser)

  for (const theme of ['dark', 'light'] as const) {
    it(`on a desktop (${theme}): titled with its name, the QR code, and "Get it" to its homepage`, async () => {
      const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 800 } })
      await recordWindowOpen(context)
      const { page } = await openDemo({ context })
      await chooseDemoTheme(page, theme)
      await pickMetaMask(page)
      await expect(title(page).textContent()).resolves.toBe('MetaMask')
      await modal(page).locator('[data-pairing-uri^="wc:"]').waitFor()
      await modal(page).getByText('Don’t have MetaMask?').waitFor()
      const getIt = modal(page).getByRole('link', { name: 'Get it' })
      await expect(getIt.getAttribute('href')).resolves.toBe('https://metamask.io')
      await expect(getIt.getAttribute('target')).resolves.toBe('_blank')
      // A desktop gets the QR code, and nothing is opened by itself.
      await expect(
        modal(page).getByRole('img', { name: 'WalletConnect pairing code' }).count(),
      ).resolves.toBe(1)
      await expect(opened(page)).resolves.toEqual([])
      await settleAnimations(page)
      await screenshot(page, `not-installed-desktop-${theme}`)
      await context.close()
    })

    it(`on a phone (${theme}): opens the app at once, with Open, Copy link and "Get it" to its App Store page`, async () => {
      const context = await (await getBrowser()).newContext({
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        userAgent: IPHONE,
      })
      await recordWindowOpen(context)
      const { page } = await openDemo({ context })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(page.url()).origin,
      })
      await chooseDemoTheme(page, theme)
      await pickMetaMask(page)
      await expect(title(page).textContent()).resolves.toBe('MetaMask')
      await modal(page).getByText('Continue in MetaMask').waitFor()

      // The pairing link goes to the app by its own scheme as soon as it exists, without another tap.
      await modal(page).getByRole('button', { name: 'Open', exact: true, disabled: false }).waitFor()
      await expect(opened(page)).resolves.toHaveLength(1)
      const [deepLink] = await opened(page)
      expect(deepLink?.target).toBe('_self')
      expect(deepLink?.url).toMatch(/^metamask:\/\/wc\?uri=wc%3A/)
      const uri = decodeURIComponent(deepLink?.url.split('uri=')[1] ?? '')
      // No QR code on the phone itself.
      await expect(
        modal(page).getByRole('img', { name: 'WalletConnect pairing code' }).count(),
      ).resolves.toBe(0)

      // Open is the fallback: the same link again.
      await modal(page).getByRole('button', { name: 'Open', exact: true }).click()
      await expect(opened(page)).resolves.toHaveLength(2)
      expect((await opened(page))[1]).toEqual(deepLink)
      await settleAnimations(page)
      await screenshot(page, `not-installed-mobile-${theme}`)
      // Copy link puts the pairing URI on the clipboard.
      await modal(page).getByRole('button', { name: 'Copy link' }).click()
      await toast(page).getByText('Link copied').waitFor()
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(uri)

      const getIt = modal(page).getByRole('link', { name: 'Get it' })
      await expect(getIt.getAttribute('href')).resolves.toBe('https://apps.apple.com/app/id1438144202')
      await context.close()
    })
  }
})
