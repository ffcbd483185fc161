import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  connectButton,
  connectTestWallet,
  DEV_ADDRESS_SHORT,
  modal,
  openDemo,
  screenshot,
  walletRow,
} from './fixtures.js'

describe('connect with the EIP-6963 test wallet', () => {
  afterAll(closeBrowser)

  it('lists the announced wallet, connects, and shows the address and devnet balance', async () => {
    const { page, context } = await openDemo()
    await expect(connectButton(page).textContent()).resolves.toBe('Connect wallet')
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.waitFor()
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true')
    await expect(walletRow(page).textContent()).resolves.toContain('Installed')
    await screenshot(page, 'connect-view')

    await connectTestWallet(page).catch(async (error) => {
      await screenshot(page, 'connect-failure')
      throw error
    })
    await expect(dialog.getByTestId('account-address').textContent()).resolves.toBe(DEV_ADDRESS_SHORT)
    await dialog.getByTestId('account-balance').getByText('10000 ETH').waitFor()
    await screenshot(page, 'account-view')
    await context.close()
  })
})
