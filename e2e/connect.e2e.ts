import { afterAll, describe, expect, it } from 'vitest'
import {
  approveInWallet,
  closeBrowser,
  connectButton,
  connectTestWallet,
  DEV_ADDRESS,
  DEV_ADDRESS_SHORT,
  modal,
  openAccount,
  openDemo,
  pickTestWallet,
  rejectInWallet,
  screenshot,
  setPageTheme,
  toast,
  walletRow,
} from './fixtures.js'
import { expectToMatchBaseline } from './visual-baseline.js'

describe('connect with the EIP-6963 test wallet', () => {
  afterAll(closeBrowser)

  it('lists the announced wallet once, connects, and shows the address and devnet balance', async () => {
    const { page, context } = await openDemo()
    await expect(connectButton(page).textContent()).resolves.toBe('Connect wallet')
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.waitFor()
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true')
    // Announced and injected are the same provider: listed once, marked installed.
    await walletRow(page).waitFor()
    await expect(walletRow(page).count()).resolves.toBe(1)
    await expect(dialog.getByRole('button', { name: /Browser Wallet/ }).count()).resolves.toBe(0)
    await expect(walletRow(page).textContent()).resolves.toContain('Installed')
    await screenshot(page, 'connect-view')
    // The Connect view as visitors first see it, in both themes: a layout or colour change must be meant.
    for (const theme of ['dark', 'light'] as const) {
      await setPageTheme(page, theme)
      await expectToMatchBaseline(dialog, `connect-view-${theme}`)
    }
    await setPageTheme(page, 'dark')

    await connectTestWallet(page)
    await expect(dialog.getByTestId('account-address').textContent()).resolves.toBe(DEV_ADDRESS_SHORT)
    await dialog.getByTestId('account-balance').getByText('10,000 ETH').waitFor()
    await connectButton(page).getByText('10,000 ETH').waitFor()
    await expect(connectButton(page).textContent()).resolves.toContain(DEV_ADDRESS_SHORT)
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(DEV_ADDRESS)
    await screenshot(page, 'account-view')
    await context.close()
  })

  it('shows a clear error when the wallet rejects, and the modal stays usable', async () => {
    const { page, context } = await openDemo()
    await connectButton(page).click()
    await pickTestWallet(page)
    await rejectInWallet(page)
    await toast(page).getByText('Request rejected in your wallet').waitFor()
    await modal(page).getByText('Connection declined').waitFor()
    await screenshot(page, 'connection-declined')
    await expect(page.getByTestId('demo-status').textContent()).resolves.toBe('disconnected')

    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await approveInWallet(page)
    await openAccount(page)
    await context.close()
  })

  it('stays connected after a reload, with no flash of "Connect wallet"', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    await connectButton(page).getByText('10,000 ETH').waitFor()

    // Record every text the button shows from the first paint after the reload.
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { buttonTexts: string[] }).buttonTexts = seen
      new MutationObserver(() => {
        const text = document.querySelector('.portico-connect-button')?.textContent
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    const texts = await page.evaluate(() => (window as unknown as { buttonTexts: string[] }).buttonTexts)
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) expect(text).toContain(DEV_ADDRESS_SHORT)
    await context.close()
  })

  it('disconnects, and stays disconnected after a reload', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect(modal(page).isVisible()).resolves.toBe(false)
    await connectButton(page).getByText('Connect wallet').waitFor()
    await page.reload()
    await page.getByTestId('demo-status').getByText('disconnected').waitFor()
    // A session comes back only from a remembered connection (CONNECTION_STORAGE_KEY in @portico/core): none is left.
    await expect(page.evaluate(() => localStorage.getItem('portico.connection'))).resolves.toBeNull()
    await expect(connectButton(page).textContent()).resolves.toBe('Connect wallet')
    await context.close()
  })

  it('follows a disconnect started in the wallet', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await page.locator('#portico-test-wallet-badge').getByRole('button', { name: 'Disconnect' }).click()
    await connectButton(page).getByText('Connect wallet').waitFor()
    await context.close()
  })
})
