import type { Page } from 'playwright-core'
import { type Address, createPublicClient, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { answerInFrame, sheetIn, signInByEmail, walletWindow } from './auth-fixtures.js'
import {
  closeBrowser,
  connectButton,
  getBrowser,
  modal,
  openDemo,
  screenshot,
  screenshotBothThemes,
  stack,
  toast,
} from './fixtures.js'
import { fundOnChain1 } from './visitor-accounts.js'

/** What `eth_getCode` answers for an account delegated to Simple7702Account (EIP-7702). */
const DELEGATED_TO_SIMPLE_7702 = '0xef0100e6cae83bde06e4c305530e199d7217f42808555b'
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

const upgradeButton = (page: Page) => modal(page).getByRole('button', { name: 'Upgrade to smart account' })
const smartAccountLabel = (page: Page) => modal(page).getByTestId('smart-account-label')
const codeOnChain1 = (address: Address) =>
  createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/1`) }).getCode({ address })

describe('the embedded wallet upgrades to a smart account (EIP-7702)', () => {
  afterAll(closeBrowser)

  it('from the Account view: approved in the wallet window, same address, delegated on chain, still so after a reload', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const { page } = await openDemo({ context })
    const address = await signInByEmail(page, uniqueEmail('smart-account'))
    await fundOnChain1(address, { eth: '1' })
    expect(await codeOnChain1(address)).toBeUndefined()

    // The row shows once the wallet has said where it can upgrade; keyboard-reachable like the others.
    await upgradeButton(page).waitFor({ timeout: 20_000 })
    await screenshotBothThemes(page, 'smart-account-row-desktop')
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshotBothThemes(page, 'smart-account-row-375')
    await page.setViewportSize({ width: 1280, height: 900 })
    await upgradeButton(page).focus()
    await page.keyboard.press('Enter')

    // Pending while the visitor answers in the wallet's own window, which says what changes and what stays.
    await modal(page)
      .getByRole('button', { name: /^Upgrading/ })
      .waitFor()
    const window = await walletWindow(page)
    const sheet = sheetIn(window)
    await sheet.getByText('Upgrade to a smart account').waitFor()
    await sheet.getByText(/smart-account features through EIP-7702/).waitFor()
    await sheet.getByText('Your address, balances and names stay the same.').waitFor()
    await sheet.getByText('Network fee', { exact: true }).waitFor()
    await screenshot(window, 'smart-account-upgrade-sheet')
    const closed = window.waitForEvent('close')
    await sheet.getByRole('button', { name: 'Approve', disabled: false }).click()
    await closed

    await smartAccountLabel(page).waitFor({ timeout: 60_000 })
    expect(await smartAccountLabel(page).textContent()).toBe('Smart account')
    await expect(upgradeButton(page).count()).resolves.toBe(0)
    // EIP-7702 is not undone by a switch: no "Switch to your EOA" is offered for the upgraded EOA.
    await expect(modal(page).getByTestId('switch-account-type').count()).resolves.toBe(0)
    expect(await page.getByTestId('demo-address').textContent()).toBe(address)
    expect(await codeOnChain1(address)).toBe(DELEGATED_TO_SIMPLE_7702)
    // The upgrade's fee came out of the 1 ETH funded: the balance is read again.
    await expect
      .poll(() => modal(page).getByTestId('account-balance').textContent(), { timeout: 20_000 })
      .toMatch(/0\.99\d* ETH/)
    await screenshotBothThemes(page, 'smart-account-label-desktop')

    // A reload restores the session; the wallet reports the account type from the chain.
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 })
    await connectButton(page).click()
    await modal(page).getByTestId('account-address').waitFor({ timeout: 20_000 })
    await smartAccountLabel(page).waitFor({ timeout: 20_000 })
    await expect(modal(page).getByTestId('switch-account-type').count()).resolves.toBe(0)
    expect(await page.getByTestId('demo-address').textContent()).toBe(address)
    await context.close()
  }, 180_000)

  it('rejected in the wallet window: the account stays an EOA, and a toast says so', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const { page } = await openDemo({ context })
    const address = await signInByEmail(page, uniqueEmail('smart-account-rejected'))
    await fundOnChain1(address, { eth: '1' })
    await upgradeButton(page).waitFor({ timeout: 20_000 })
    await upgradeButton(page).click()
    await answerInFrame(page, 'Reject')

    await toast(page).getByText('Request rejected in your wallet').waitFor({ timeout: 20_000 })
    // Still offered, never labelled a smart account, and nothing delegated on chain.
    await upgradeButton(page).waitFor({ timeout: 20_000 })
    await expect(smartAccountLabel(page).count()).resolves.toBe(0)
    expect(await codeOnChain1(address)).toBeUndefined()
    expect(await page.getByTestId('demo-address').textContent()).toBe(address)
    await context.close()
  }, 180_000)
})
