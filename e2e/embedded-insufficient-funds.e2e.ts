import type { Page } from 'playwright-core'
import { createTestClient, http, parseEther } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { answerInFrame, signInByEmail, walletLauncher, walletSheet, walletWindow } from './auth-fixtures.js'
import {
  chooseDemoTheme,
  closeBrowser,
  getBrowser,
  modal,
  openDemo,
  screenshot,
  stack,
  toast,
} from './fixtures.js'

const INSUFFICIENT = 'Insufficient funds for this transaction'
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** Sends from the demo's own "Send a transaction" card, as a dApp's button would. */
async function sendFromDemo(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Amount (native token)').fill(amount)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
}

/** Nothing on the page or in the modal speaks of an unknown error. */
async function expectNoUnknownError(page: Page): Promise<void> {
  const texts = [
    await page.locator('body').innerText(),
    await page.locator('portico-modal').evaluate((host) => host.shadowRoot?.textContent ?? ''),
  ]
  for (const text of texts) {
    expect(text).not.toMatch(/unknown rpc error/i)
    expect(text).not.toMatch(/Something went wrong/)
    expect(text).not.toMatch(/An error occurred/)
  }
}

describe('the embedded wallet and a transaction it cannot pay for', () => {
  afterAll(closeBrowser)

  it('says so before any approval sheet when the balance cannot pay the value', async () => {
    const { page, context } = await openDemo()
    await signInByEmail(page, uniqueEmail('broke'))
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await sendFromDemo(page, '0.01')
    await toast(page).getByText(INSUFFICIENT).waitFor()
    // The dApp's promise rejects with the same name.
    await page.getByTestId('send-result').getByText(INSUFFICIENT).waitFor()
    // No sheet that could only be rejected was shown.
    await expect(walletLauncher(page).count()).resolves.toBe(0)
    await expectNoUnknownError(page)
    await screenshot(page, 'embedded-insufficient-toast')
    await context.close()
  })

  for (const [label, viewport, theme] of [
    ['desktop', { width: 1280, height: 800 }, 'dark'],
    ['mobile', { width: 375, height: 740 }, 'light'],
  ] as const) {
    it(`shows the fee and the balance on the sheet when only the fee is missing, then names the error (${label}, ${theme})`, async () => {
      const context = await (await getBrowser()).newContext({ viewport })
      const { page } = await openDemo({ context })
      await chooseDemoTheme(page, theme)
      const address = await signInByEmail(page, uniqueEmail(`fee-${label}`))
      await modal(page).getByRole('button', { name: 'Close' }).click()
      // Exactly the value and nothing for the fee: the chain accepts the estimate, the sheet weighs the fee.
      await createTestClient({ mode: 'anvil', transport: http(`${stack().devnet}/1`) }).setBalance({
        address,
        value: parseEther('0.01'),
      })
      await sendFromDemo(page, '0.01')
      const sheet = await walletSheet(page)
      await sheet.getByText('Network fee').waitFor()
      await sheet.getByText('Balance', { exact: true }).waitFor()
      await sheet.getByText('0.01 ETH').first().waitFor()
      await sheet.getByText(INSUFFICIENT).waitFor()
      // Approve cannot be used; the fee is a real estimate.
      await expect(
        sheet.getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled'),
      ).resolves.toBe('true')
      await expect(sheet.getByText('Could not be estimated').count()).resolves.toBe(0)
      await screenshot(await walletWindow(page), `embedded-insufficient-sheet-${label}-${theme}`)
      await answerInFrame(page, 'Reject')
      await toast(page).getByText(INSUFFICIENT).waitFor()
      await page.getByTestId('send-result').getByText(INSUFFICIENT).waitFor()
      await expectNoUnknownError(page)
      await context.close()
    })
  }
})
