import { afterAll, describe, expect, it } from 'vitest'
import {
  approveInWallet,
  closeBrowser,
  connectButton,
  connectTestWallet,
  modal,
  openDemo,
  screenshot,
} from './fixtures.js'

describe('account: balances and activity from the Blockchain API', () => {
  afterAll(closeBrowser)

  it('lists token balances with USD values', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    const tokens = modal(page).getByRole('list', { name: 'Tokens' })
    await tokens.getByTestId('token-USDC').getByText('1,000,000 USDC').waitFor()
    await tokens.getByTestId('token-WBTC').getByText('10 WBTC').waitFor()
    await expect(tokens.textContent()).resolves.toContain('$1,000,000.00')
    await screenshot(page, 'account-tokens')
    await context.close()
  })

  it('shows a transfer sent from the test wallet in Activity, with the balances updated', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    const eth = modal(page).getByRole('list', { name: 'Tokens' }).getByTestId('token-ETH')
    const ethBalance = async () => Number((await eth.textContent())?.split(' ')[0]?.replaceAll(',', ''))
    await eth.waitFor()
    const before = await ethBalance()
    await modal(page).getByRole('button', { name: 'Close' }).click()

    await page.getByLabel('Amount (native token)').fill('0.5')
    await page.getByRole('button', { name: 'Send' }).click()
    await approveInWallet(page)
    const hash = (await page.getByTestId('send-result').locator('code').textContent()) as string
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

    // The balance follows the visitor's own transaction: 0.5 ETH plus gas less than before.
    await connectButton(page).click()
    await expect.poll(ethBalance, { timeout: 10_000 }).toBeLessThanOrEqual(before - 0.5)
    expect(await ethBalance()).toBeGreaterThan(before - 0.51)

    await modal(page).getByRole('button', { name: 'Activity' }).click()
    const row = modal(page).locator(`[data-hash="${hash}"]`)
    await row.waitFor({ timeout: 15_000 })
    await expect(row.textContent()).resolves.toMatch(/Sent.*To 0x7099…79C8.*−0\.5 ETH/)
    await expect(modal(page).locator('.group-title').first().textContent()).resolves.toMatch(
      /^[A-Z][a-z]+ \d{4}$/,
    )
    await screenshot(page, 'activity')
    await context.close()
  })
})
