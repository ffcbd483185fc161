import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  connectButton,
  connectTestWallet,
  measureClickToFirstRow,
  modal,
  openDemo,
  screenshot,
  stack,
  walletRow,
} from './fixtures.js'

describe('the wallet list from the explorer', () => {
  afterAll(closeBrowser)

  it('shows WalletConnect, the installed wallet once, marked, and featured wallets up to six rows', async () => {
    const { page, context } = await openDemo({ waitForIdle: true })
    // Measured in the page: from the click to the first wallet row in the modal's DOM.
    const clickToFirstWallet = await measureClickToFirstRow(page)
    console.log(`click to the first wallet row: ${clickToFirstWallet.toFixed(1)} ms`)
    await modal(page)
      .getByRole('button', { name: /MetaMask/ })
      .waitFor()
    const rows = modal(page).locator('.list .row')
    const names = await rows.locator('.name').allTextContents()
    // The registry's first wallets are featured; the rest are one click away, under All wallets.
    expect(names).toEqual([
      'WalletConnect',
      'Portico Test Wallet',
      'MetaMask',
      'Trust Wallet',
      'Coinbase Wallet',
      'Rainbow',
    ])
    await expect(rows.first().textContent()).resolves.toContain('QR code')
    await expect(walletRow(page).textContent()).resolves.toContain('Installed')
    await modal(page)
      .getByRole('button', { name: /All wallets/ })
      .getByText(/^\d{3}$/)
      .waitFor()
    await screenshot(page, 'connect-view-wallets')
    await context.close()
  })

  it('renders from the saved list with the explorer unreachable, with a quiet notice', async () => {
    const { page, context } = await openDemo({ waitForIdle: true })
    // The list is fetched (while idle, or by this first open) and saved.
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /MetaMask/ })
      .waitFor()
    await context.route(`${stack().explorer}/**`, (route) => route.abort('connectionrefused'))
    await page.reload({ waitUntil: 'networkidle' })
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /MetaMask/ })
      .waitFor()
    await modal(page).getByText('Offline: showing the saved wallet list').waitFor()
    await expect(walletRow(page).count()).resolves.toBe(1)
    await context.close()
  })

  it('searches the registry, and pages All wallets 40 at a time on scroll', async () => {
    const { page, context } = await openDemo({ waitForIdle: true })
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /All wallets/ })
      .click()
    const tiles = modal(page).locator('.tile')
    await expect.poll(() => tiles.count()).toBe(40)
    await tiles.nth(39).scrollIntoViewIfNeeded()
    await expect.poll(() => tiles.count()).toBe(80)
    await screenshot(page, 'all-wallets')

    await modal(page).getByRole('searchbox', { name: 'Search wallets' }).fill('rainb')
    await expect.poll(() => tiles.locator('.tile-name').allTextContents()).toEqual(['Rainbow'])
    await modal(page).getByRole('searchbox', { name: 'Search wallets' }).fill('zzzz-no-such-wallet')
    await modal(page).getByText('No wallet found for “zzzz-no-such-wallet”').waitFor()

    // A wallet that is not installed: pair with it by WalletConnect (QR code and link), no dead end.
    await modal(page).getByRole('searchbox', { name: 'Search wallets' }).fill('rainbow')
    await tiles.first().click()
    await modal(page).getByText('Open Rainbow').waitFor()
    await modal(page).getByRole('img', { name: 'WalletConnect pairing code' }).waitFor()
    await context.close()
  })

  it('pins a connected wallet as recent after a reload', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.reload({ waitUntil: 'networkidle' })
    await connectButton(page).click()
    // Right after WalletConnect (which always leads), before the other wallets.
    const second = modal(page).locator('.list .row').nth(1)
    await expect(second.locator('.name').textContent()).resolves.toBe('Portico Test Wallet')
    await expect(second.textContent()).resolves.toContain('Recent')
    await context.close()
  })
})
