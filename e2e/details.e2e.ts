import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  approveInWallet,
  chainOption,
  closeBrowser,
  connectButton,
  connectTestWallet,
  DEV_ADDRESS_SHORT,
  getBrowser,
  modal,
  openDemo,
  pickTestWallet,
  screenshot,
  settleAnimations,
  stack,
  toast,
  walletPrompt,
} from './fixtures.js'
import { CHROMIUM_FLAGS, findChromium, KEEP_STORAGE_PARTITIONING } from './launch-chromium.js'

// Issue 15's details: grouped amounts, the remembered theme, no explorer link where the chain has
// none, toasts on the modal and gone once a retry succeeds, the help view and the Networks search.
// These tests only read account 0 (the shared one); nothing here moves funds.

type Theme = 'light' | 'dark'
const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
  /** Too short for a toast above a full dialog. */
  short: { width: 1280, height: 480 },
} as const

/** A fresh visitor whose last theme choice (the demo's toggle) is `theme`, in `viewport` and `locale`. */
async function visitor(
  options: {
    theme?: Theme
    system?: Theme
    viewport?: keyof typeof viewports
    locale?: string
    browser?: Browser
  } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await (options.browser ?? (await getBrowser())).newContext({
    viewport: viewports[options.viewport ?? 'desktop'],
    colorScheme: options.system ?? 'dark',
    ...(options.locale ? { locale: options.locale } : {}),
  })
  if (options.theme) {
    await context.addInitScript((theme) => localStorage.setItem('portico-demo:theme', theme), options.theme)
  }
  return openDemo({ context })
}

/** The modal's own focused element (inside its shadow root): its accessible label or text. */
const focusedInModal = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('portico-modal')?.shadowRoot?.activeElement
    return active?.getAttribute('aria-label') ?? active?.textContent ?? null
  })

/**
 * Where the toast is: 'on the top edge' (over the dialog's edge, from above) or 'on the bottom edge' (inside
 * the dialog's bottom edge, below its header) when it is centred over the dialog and covers none of the
 * header (Back, the title, Close), 'on the page's top' when no dialog is open; else the boxes, to say what
 * is wrong.
 */
const toastPlacement = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('portico-modal')?.shadowRoot
    const toast = root?.querySelector('.toast')?.getBoundingClientRect()
    const dialog = root?.querySelector('.dialog')?.getBoundingClientRect()
    if (!toast) return 'no toast'
    if (!dialog) return toast.top >= 0 && toast.top < 40 ? "on the page's top" : JSON.stringify({ toast })
    const buttons = [...(root?.querySelectorAll('header button, header h2') ?? [])].map((button) =>
      button.getBoundingClientRect(),
    )
    const covers = buttons.some(
      (box) =>
        toast.left < box.right && box.left < toast.right && toast.top < box.bottom && box.top < toast.bottom,
    )
    const header = root?.querySelector('header')?.getBoundingClientRect()
    const centred = Math.abs(toast.left + toast.width / 2 - (dialog.left + dialog.width / 2)) < 2
    const where =
      toast.top < dialog.top && toast.top >= 0
        ? 'on the top edge'
        : header &&
            toast.top >= header.bottom &&
            toast.bottom <= dialog.bottom &&
            toast.bottom >= dialog.bottom - 24
          ? 'on the bottom edge'
          : undefined
    return where && centred && !covers && buttons.length > 0
      ? where
      : JSON.stringify({ toast, dialog, header, buttons })
  })

const modalTheme = (page: Page) => page.locator('portico-modal').getAttribute('data-theme')

describe('details', () => {
  afterAll(closeBrowser)

  it('writes token amounts with the grouping of the locale: 10,000 in English, 10.000 in German', async () => {
    const en = await visitor({ locale: 'en-US' })
    await connectTestWallet(en.page)
    await modal(en.page).getByTestId('account-balance').getByText('10,000 ETH').waitFor()
    await modal(en.page).getByTestId('token-USDC').getByText('1,000,000 USDC').waitFor()
    await connectButton(en.page).getByText('10,000 ETH').waitFor()
    await en.context.close()

    const de = await visitor({ locale: 'de-DE' })
    await connectTestWallet(de.page, 'EVM-Netzwerke')
    await modal(de.page).getByTestId('account-balance').getByText('10.000 ETH').waitFor()
    await modal(de.page).getByTestId('token-USDC').getByText('1.000.000 USDC').waitFor()
    await connectButton(de.page).getByText('10.000 ETH').waitFor()
    await de.context.close()
  })

  it('opens in the system colour scheme until the visitor chooses one with the toggle', async () => {
    for (const system of ['light', 'dark'] as const) {
      const { page, context } = await visitor({ system })
      await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(system)
      await connectButton(page).click()
      await modal(page).waitFor()
      await expect(modalTheme(page)).resolves.toBe(system)
      await context.close()
    }
    // A choice made with the toggle wins over the system's.
    const { page, context } = await visitor({ system: 'light', theme: 'dark' })
    await connectButton(page).click()
    await modal(page).waitFor()
    await expect(modalTheme(page)).resolves.toBe('dark')
    await context.close()
  })

  it('remembers the theme chosen with the toggle across reloads, for the page and the modal', async () => {
    const { page, context } = await visitor()
    await connectButton(page).click()
    await modal(page).waitFor()
    await expect(modalTheme(page)).resolves.toBe('dark')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await expect(modalTheme(page)).resolves.toBe('light')

    await page.reload()
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('light')
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor()
    await connectButton(page).click()
    await modal(page).waitFor()
    await expect(modalTheme(page)).resolves.toBe('light')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await page.reload()
    await connectButton(page).click()
    await modal(page).waitFor()
    await expect(modalTheme(page)).resolves.toBe('dark')
    await context.close()
  })

  it('shows no block-explorer link for a devnet chain', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, context } = await visitor({ theme, viewport })
        await connectTestWallet(page)
        await modal(page).getByTestId('account-balance').getByText(/ETH/).waitFor()
        await expect(modal(page).getByText('View on block explorer').count()).resolves.toBe(0)
        // No link of the Account view leads to a public explorer that does not know the devnet's account.
        const hrefs = await modal(page)
          .locator('a[href]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
        expect(hrefs.filter((href) => /scan|explorer/i.test(href ?? ''))).toEqual([])
        await settleAnimations(page)
        await screenshot(page, `details-account-${viewport}-${theme}`)
        await context.close()
      }
    }
  })

  it('shows a failure toast on the modal, and takes it away once the retried connection succeeds', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, context } = await visitor({ theme, viewport })
        await page.evaluate(() => {
          ;(
            window as unknown as { porticoTestWallet: { setFault(mode: string): void } }
          ).porticoTestWallet.setFault('throw')
        })
        await connectButton(page).click()
        await pickTestWallet(page)
        const failure = toast(page).getByText('Portico Test Wallet: Test wallet crashed')
        await failure.waitFor()
        await settleAnimations(page)
        // On the dialog's top edge from above, centred over it: near what it is about, not at the page's edge, and off
        // the header's buttons (polled: the sheet may still be settling to the failed view's height).
        await expect.poll(() => toastPlacement(page)).toBe('on the top edge')
        await screenshot(page, `details-toast-${viewport}-${theme}`)

        // The retry: the (now healthy) wallet asks, the failure is still on screen until it succeeds.
        await modal(page).getByRole('button', { name: 'Back' }).click()
        await chainOption(page, 'EVM networks').click()
        await walletPrompt(page).waitFor()
        await expect(failure.isVisible()).resolves.toBe(true)
        await approveInWallet(page)
        await connectButton(page).getByText(DEV_ADDRESS_SHORT).waitFor()
        await expect(toast(page).count()).resolves.toBe(0)
        await context.close()
      }
    }
  })

  it('opens "What is a wallet?" from Connect with the keyboard alone, and comes back', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, context } = await visitor({ theme, viewport })
        await connectButton(page).focus()
        await page.keyboard.press('Enter')
        await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
        await expect.poll(() => focusedInModal(page)).not.toBeNull()
        // Connect starts on the dialog: the first Tab reaches the help button, first in the header.
        await page.keyboard.press('Tab')
        await expect(focusedInModal(page)).resolves.toBe('What is a wallet?')
        await page.keyboard.press('Enter')
        await modal(page).getByRole('heading', { name: 'What is a wallet?' }).waitFor()
        await modal(page).getByRole('heading', { name: 'Your keys, your account' }).waitFor()
        await modal(page).getByRole('button', { name: 'Get a wallet' }).waitFor()
        await settleAnimations(page)
        await screenshot(page, `details-help-${viewport}-${theme}`)
        // "Choose a wallet" leads back to the list.
        await modal(page).getByRole('button', { name: 'Choose a wallet' }).focus()
        await page.keyboard.press('Enter')
        await modal(page).getByRole('heading', { name: 'Connect wallet' }).waitFor()
        await context.close()
      }
    }
    // Get a wallet opens the whole list.
    const { page, context } = await visitor()
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'What is a wallet?' }).click()
    await modal(page).getByRole('button', { name: 'Get a wallet' }).click()
    await modal(page).getByRole('heading', { name: 'All wallets' }).waitFor()
    await context.close()
  })

  it("keeps a toast off the next view's Back and Close: on the dialog's top edge where there is room, else inside its bottom edge", async () => {
    // On the phone, the toast showed over Account's tall sheet: the browser keeps the place that last fit
    // (the bottom edge) for as long as it fits, so either place is right there.
    const expected = {
      desktop: /^on the top edge$/,
      mobile: /^(on the top edge|on the bottom edge)$/,
      short: /^on the bottom edge$/,
    }
    for (const viewport of ['desktop', 'mobile', 'short'] as const) {
      const { page, context } = await visitor({ viewport })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().demo })
      await connectTestWallet(page)
      await modal(page).getByRole('button', { name: 'Copy address' }).click()
      await toast(page).getByText('Address copied').waitFor()
      await screenshot(page, `details-toast-over-account-${viewport}`)
      // The toast stays 4 s: the visitor moves on to Networks meanwhile, and wants its Back at once.
      await modal(page)
        .getByRole('button', { name: /Ethereum/ })
        .first()
        .click()
      await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
      await settleAnimations(page)
      await screenshot(page, `details-toast-over-networks-${viewport}`)
      await expect.poll(() => toastPlacement(page), { message: viewport }).toMatch(expected[viewport])
      // With the modal closed, the toast is at the top of the page.
      await page.keyboard.press('Escape')
      await modal(page).waitFor({ state: 'hidden' })
      await expect(toastPlacement(page)).resolves.toBe("on the page's top")
      await context.close()
    }
  })

  it('filters the Networks view by name, says when nothing matches, and picks with the keyboard', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, context } = await visitor({ theme, viewport })
        await connectTestWallet(page)
        await modal(page)
          .getByRole('button', { name: /Ethereum/ })
          .first()
          .click()
        await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
        const search = modal(page).getByRole('searchbox', { name: 'Search networks' })
        const rows = modal(page).getByRole('list', { name: 'Choose network' }).getByRole('button')
        // The demo's five EVM networks and three Solana clusters, in one list.
        await expect(rows.count()).resolves.toBe(8)
        await expect.poll(() => focusedInModal(page)).toBe('Search networks')

        await page.keyboard.type('arb')
        await expect.poll(() => rows.count()).toBe(1)
        await rows.getByText('Arbitrum One').waitFor()
        await settleAnimations(page)
        await screenshot(page, `details-networks-search-${viewport}-${theme}`)

        await search.fill('bitcoin')
        await modal(page).getByText('No network found for “bitcoin”').waitFor()
        await expect(rows.count()).resolves.toBe(0)
        await screenshot(page, `details-networks-empty-${viewport}-${theme}`)

        // Keyboard: Down into the list, Up back to the field, Enter picks the first match.
        await search.fill('o')
        // OP Mainnet, Polygon, Arbitrum One and the three Solana clusters.
        await expect.poll(() => rows.count()).toBe(6)
        await search.focus()
        await page.keyboard.press('ArrowDown')
        await expect(focusedInModal(page)).resolves.toContain('OP Mainnet')
        await page.keyboard.press('ArrowDown')
        await expect(focusedInModal(page)).resolves.toContain('Polygon')
        await page.keyboard.press('ArrowUp')
        await page.keyboard.press('ArrowUp')
        await expect(focusedInModal(page)).resolves.toBe('Search networks')
        await search.fill('base')
        await page.keyboard.press('Enter')
        await toast(page).getByText('Switched to Base').waitFor()
        await page.getByTestId('demo-network').getByText('Base (8453)').waitFor()
        await context.close()
      }
    }
  })

  it('draws scrollbars in the theme colours', async () => {
    // A browser that draws scrollbars (headless Chromium hides them by default), so the screenshots show them.
    const browser = await chromium.launch({
      executablePath: findChromium(),
      headless: true,
      args: [...CHROMIUM_FLAGS, KEEP_STORAGE_PARTITIONING],
      ignoreDefaultArgs: ['--hide-scrollbars'],
    })
    const thumbs: Record<string, string | undefined> = {}
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'mobile'] as const) {
        const { page, context } = await visitor({ theme, viewport, browser })
        await connectButton(page).click()
        // By keyboard: on a phone the row sits below the fold of the Connect sheet.
        await modal(page)
          .getByRole('button', { name: /All wallets/ })
          .focus()
        await page.keyboard.press('Enter')
        await modal(page).getByRole('heading', { name: 'All wallets' }).waitFor()
        await modal(page).locator('.tile').first().waitFor()
        const colours = await page.evaluate(() => {
          const root = document.querySelector('portico-modal')?.shadowRoot
          const scroller = [...(root?.querySelectorAll<HTMLElement>('*') ?? [])].find(
            (element) =>
              element.scrollHeight > element.clientHeight + 4 &&
              getComputedStyle(element).overflowY !== 'visible',
          )
          if (!scroller) return null
          const style = getComputedStyle(scroller)
          return { width: style.scrollbarWidth, color: style.scrollbarColor }
        })
        expect(colours?.width).toBe('thin')
        // The thumb is the theme's muted text colour (not the browser's grey), so it differs per theme.
        expect(colours?.color).not.toBe('auto')
        thumbs[`${viewport}-${theme}`] = colours?.color
        await page.mouse.move(viewports[viewport].width / 2, viewports[viewport].height / 2)
        await settleAnimations(page)
        await screenshot(page, `details-scrollbar-${viewport}-${theme}`)
        await context.close()
      }
    }
    await browser.close()
    expect(thumbs['desktop-light']).toBeDefined()
    expect(thumbs['desktop-light']).not.toBe(thumbs['desktop-dark'])
    expect(thumbs['mobile-light']).toBe(thumbs['desktop-light'])
  })
})
