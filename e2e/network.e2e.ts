import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  connectTestWallet,
  modal,
  openDemo,
  screenshot,
  toast,
  walletBadge,
} from './fixtures.js'

describe('networks', () => {
  afterAll(closeBrowser)

  it('switches network from the Networks view and returns to Account', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
    await screenshot(page, 'networks-view')
    await modal(page)
      .getByRole('button', { name: /OP Mainnet/ })
      .click()
    await toast(page).getByText('Switched to OP Mainnet').waitFor()
    await modal(page).getByRole('heading', { name: 'Account' }).waitFor()
    await page.getByTestId('demo-network').getByText('OP Mainnet (10)').waitFor()
    await expect(walletBadge(page).getByRole('combobox').inputValue()).resolves.toBe('10')
    await modal(page).getByTestId('account-balance').getByText('10,000 ETH').waitFor()
    await context.close()
  })

  it('connects on the network the visitor picked before connecting', async () => {
    const { page, context } = await openDemo()
    await page.locator('button.portico-network-button').click()
    await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
    await modal(page).getByRole('button', { name: /Base/ }).click()
    await expect(modal(page).isVisible()).resolves.toBe(false)
    // The test wallet starts on Ethereum: connecting asks it to move to Base.
    await expect(walletBadge(page).getByRole('combobox').inputValue()).resolves.toBe('1')
    await connectTestWallet(page)
    await page.getByTestId('demo-network').getByText('Base (8453)').waitFor()
    await expect(walletBadge(page).getByRole('combobox').inputValue()).resolves.toBe('8453')
    await context.close()
  })

  it('opens UnsupportedChain when the wallet moves to a network the dApp does not support', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await walletBadge(page).getByRole('combobox', { name: 'Wallet network' }).selectOption('11155111')
    await modal(page).getByRole('heading', { name: 'Switch network' }).waitFor()
    await modal(page).getByText("This app doesn't support your current network").waitFor()
    await screenshot(page, 'unsupported-chain')

    await modal(page).getByRole('button', { name: /Base/ }).click()
    await toast(page).getByText('Switched to Base').waitFor()
    await expect(modal(page).isVisible()).resolves.toBe(false)
    await page.getByTestId('demo-network').getByText('Base (8453)').waitFor()
    await context.close()
  })
})
