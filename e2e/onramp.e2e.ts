import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInByEmail } from './auth-fixtures.js'
import {
  chooseDemoTheme,
  closeBrowser,
  connectTestWallet,
  contextWithWalletAccount,
  modal,
  openDemo,
  screenshot,
  stack,
  toast,
} from './fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** The buyer's account: one no other test connects, so purchases raise only this file's balances. */
const ACCOUNT_INDEX = 16
const DEV_ADDRESS = visitorAccount(ACCOUNT_INDEX).address
const chain = () => createPublicClient({ transport: http(`${stack().devnet}/1`) })
const ethBalance = () => chain().getBalance({ address: DEV_ADDRESS })

async function usdcAddress(): Promise<`0x${string}`> {
  const options = await (await fetch(`${stack().chainApi}/v1/onramp/options?projectId=e2e`)).json()
  const usdc = options.purchaseCurrencies.find((entry: { symbol: string }) => entry.symbol === 'USDC')
  return usdc.networks.find((network: { chain_id: string }) => network.chain_id === '1').contract_address
}

async function openBuy(page: Page): Promise<void> {
  await modal(page).getByRole('button', { name: 'Buy crypto' }).click()
  await modal(page).getByLabel('Amount').waitFor()
}

/** Types the amount and waits for the quote; returns the quoted amount of the asset. */
async function quoteFor(page: Page, amount: string, symbol: string): Promise<string> {
  await modal(page).getByLabel('Amount').fill(amount)
  const receive = modal(page).getByTestId('onramp-receive')
  await expect
    .poll(() => receive.textContent(), { timeout: 10_000 })
    .toMatch(new RegExp(`^[\\d.]+ ${symbol}$`))
  return ((await receive.textContent()) as string).split(' ')[0] as string
}

/** Chooses the sandbox provider and returns its window, once it shows the purchase. */
async function openSandbox(page: Page, context: BrowserContext): Promise<Page> {
  const popupPromise = context.waitForEvent('page')
  await modal(page)
    .getByRole('button', { name: /Buy with Portico Sandbox/ })
    .click()
  const popup = await popupPromise
  await popup.getByLabel('Card number').waitFor()
  return popup
}

async function pay(popup: Page, card: string): Promise<void> {
  await popup.getByLabel('Card number').fill(card)
  await popup.getByLabel('Expiry').fill('12/34')
  await popup.getByLabel('CVC').fill('123')
  await popup.getByRole('button', { name: /^Pay / }).click()
}

describe('on-ramp: buy crypto with the sandbox provider', () => {
  afterAll(closeBrowser)

  // A little ETH, so the buyer's Account view lists its tokens.
  beforeAll(() => fundOnChain1(DEV_ADDRESS, { eth: '1' }))

  it('buys 50 USD of ETH: the balance rises by the quoted amount and Activity shows the purchase', async () => {
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(ACCOUNT_INDEX) })
    await connectTestWallet(page)
    const before = await ethBalance()
    await openBuy(page)
    await expect(modal(page).getByLabel('Token').inputValue()).resolves.toBe('ETH')
    const quoted = await quoteFor(page, '50', 'ETH')
    await expect(modal(page).getByTestId('onramp-quote').textContent()).resolves.toMatch(
      /Provider fee1\.00 USD.*You pay50\.00 USD/,
    )
    await screenshot(page, 'onramp-quote')

    const popup = await openSandbox(page, context)
    await expect(popup.getByTestId('purchase-amount').textContent()).resolves.toBe(`${quoted} ETH`)
    await toast(page).getByText('Transaction started').waitFor()
    await modal(page).getByTestId('onramp-in-progress').waitFor()
    await screenshot(page, 'onramp-buy-in-progress')
    await screenshot(popup, 'onramp-sandbox-page')
    await pay(popup, '4242 4242 4242 4242')
    await popup.getByRole('status').getByText('Payment accepted').waitFor()

    // The modal follows the purchase (every 4 s) and returns to Account once it succeeded.
    await toast(page).getByText(`Bought ${quoted} ETH`).waitFor({ timeout: 15_000 })
    await modal(page).getByTestId('account-address').waitFor()
    expect(await ethBalance()).toBe(before + parseUnits(quoted, 18))

    await modal(page).getByRole('button', { name: 'Activity' }).click()
    // The delivery from the sandbox's account (dev account 6), with the amount at Activity's precision.
    const received = modal(page).locator('li', { hasText: '0x976E…0aa9' }).first()
    await received.waitFor({ timeout: 15_000 })
    const shown = String(Math.trunc(Number(quoted) * 1000) / 1000)
    await expect(received.textContent()).resolves.toMatch(/Bought.*From 0x976E…0aa9/)
    await expect(received.textContent()).resolves.toContain(`+${shown} ETH`)
    await screenshot(page, 'onramp-activity')
    await context.close()
  })

  it('buys 50 USD of USDC: the token balance rises by the quoted amount', async () => {
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(ACCOUNT_INDEX) })
    await connectTestWallet(page)
    const token = await usdcAddress()
    const read = () =>
      chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ADDRESS] })
    const before = await read()
    await openBuy(page)
    await modal(page).getByLabel('Token').selectOption('USDC')
    await modal(page).getByLabel('Network').selectOption('1')
    const quoted = await quoteFor(page, '50', 'USDC')
    const popup = await openSandbox(page, context)
    await pay(popup, '4242424242424242')
    await toast(page).getByText(`Bought ${quoted} USDC`).waitFor({ timeout: 15_000 })
    expect(await read()).toBe(before + parseUnits(quoted, 6))
    await context.close()
  })

  it('shows the failure of a declined test card', async () => {
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(ACCOUNT_INDEX) })
    await connectTestWallet(page)
    const before = await ethBalance()
    await openBuy(page)
    await quoteFor(page, '25', 'ETH')
    const popup = await openSandbox(page, context)
    await pay(popup, '4000 0000 0000 0002')
    await popup.getByText('Card declined').waitFor()
    const failed = modal(page).getByTestId('onramp-failed')
    await failed.waitFor({ timeout: 15_000 })
    await expect(failed.textContent()).resolves.toContain('Purchase failed')
    await expect(failed.textContent()).resolves.toContain('Card declined')
    await screenshot(page, 'onramp-declined')
    expect(await ethBalance()).toBe(before)
    await context.close()
  })

  it("offers the dApp's networks only, and a second purchase opens the provider's page again", async () => {
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(ACCOUNT_INDEX) })
    const pageErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text())
    })
    await connectTestWallet(page)
    await openBuy(page)
    // The chain API also sells on Sepolia; the demo does not offer it, so neither does Buy.
    const networks = await modal(page).getByLabel('Network').locator('option').allTextContents()
    expect(networks.length).toBeGreaterThan(0)
    expect(networks.join(' ')).not.toMatch(/Sepolia/i)
    await quoteFor(page, '25', 'ETH')
    const first = await openSandbox(page, context)
    // Back to Buy with the first window still open, and buy again.
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await quoteFor(page, '30', 'ETH')
    const second = await openSandbox(page, context)
    expect(second).not.toBe(first)
    await expect(second.getByTestId('purchase-amount').textContent()).resolves.toMatch(/ ETH$/)
    expect(pageErrors.filter((text) => /Unsafe attempt to initiate navigation/.test(text))).toEqual([])
    await context.close()
  })

  it('refuses amounts below and above the limits before any provider opens', async () => {
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(ACCOUNT_INDEX) })
    await connectTestWallet(page)
    await openBuy(page)
    const amount = modal(page).getByLabel('Amount')
    const cases: [string, string, string][] = [
      ['card', '5', 'The minimum is 10 USD when paying by card'],
      ['card', '7500.01', 'The maximum is 7,500 USD when paying by card'],
      ['ach_bank_account', '25001', 'The maximum is 25,000 USD when paying by bank account'],
    ]
    for (const [method, value, message] of cases) {
      await modal(page).getByLabel('Pay with').selectOption(method)
      await amount.fill(value)
      await modal(page).getByText(message).waitFor()
      await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true')
      const pages = context.pages().length
      await modal(page)
        .getByRole('button', { name: /Buy with Portico Sandbox/ })
        .click()
      // Still choosing: no quote, no provider window, no purchase under way.
      await modal(page).getByText(message).waitFor()
      await expect(modal(page).getByTestId('onramp-quote').count()).resolves.toBe(0)
      expect(context.pages().length).toBe(pages)
    }
    await screenshot(page, 'onramp-limit')
    await context.close()
  })

  it('falls back to the built-in defaults when the options call fails, and labels an estimated quote', async () => {
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(ACCOUNT_INDEX) })
    await page.route('**/v1/onramp/options?*', (route) => route.fulfill({ status: 500, body: '{}' }))
    await page.route('**/v1/onramp/quote?*', (route) => route.fulfill({ status: 502, body: '{}' }))
    await connectTestWallet(page)
    await openBuy(page)
    await modal(page).getByText('Showing the default currencies').waitFor()
    await expect(
      modal(page)
        .getByLabel('Token')
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
    ).resolves.toEqual(['ETH'])
    await expect(
      modal(page)
        .getByLabel('Currency')
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
    ).resolves.toEqual(['USD', 'EUR'])
    await modal(page).getByLabel('Amount').fill('100')
    const quote = modal(page).getByTestId('onramp-quote')
    await quote.getByText('Estimated quote', { exact: true }).waitFor()
    await expect(quote.textContent()).resolves.toContain('2.00 USD')
    await screenshot(page, 'onramp-estimated')
    await context.close()
  })

  it('offers Buy and Receive in an empty embedded wallet, and the purchase funds it', async () => {
    const { page, context } = await openDemo()
    const address = await signInByEmail(page, `onramp-${Date.now()}@example.com`)
    const tokens = modal(page).getByText('No tokens on this network yet')
    await tokens.waitFor({ timeout: 15_000 })
    await screenshot(page, 'onramp-empty-wallet')
    // Receive shows the new wallet's address to fund it from another wallet.
    await modal(page).getByRole('button', { name: 'Receive crypto' }).click()
    const shown = (await modal(page).getByTestId('receive-address').textContent()) ?? ''
    expect(shown.toLowerCase()).toContain(address.toLowerCase())
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await modal(page).getByRole('button', { name: 'Buy crypto' }).last().click()
    const quoted = await quoteFor(page, '20', 'ETH')
    const popup = await openSandbox(page, context)
    await pay(popup, '4242 4242 4242 4242')
    await toast(page).getByText(`Bought ${quoted} ETH`).waitFor({ timeout: 15_000 })
    expect(await chain().getBalance({ address })).toBe(parseUnits(quoted, 18))
    await modal(page).getByTestId('token-ETH').waitFor({ timeout: 10_000 })
    await context.close()
  })

  it('opens on the Buy view from open({view}), and a blocked provider window gets a message and a link', async () => {
    const context = await contextWithWalletAccount(ACCOUNT_INDEX)
    // A browser that blocks popups: window.open gives null.
    await context.addInitScript(() => {
      window.open = () => null
    })
    const { page } = await openDemo({ context })
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await modal(page).waitFor({ state: 'hidden' })
    await page
      .locator('section[aria-labelledby="account-title"]')
      .getByRole('button', { name: 'Buy crypto' })
      .click()
    await modal(page).getByRole('heading', { name: 'Buy crypto' }).waitFor()
    const quoted = await quoteFor(page, '30', 'ETH')
    await modal(page)
      .getByRole('button', { name: /Buy with Portico Sandbox/ })
      .click()
    await modal(page).getByRole('alert').getByText('Your browser blocked the provider’s window.').waitFor()
    await screenshot(page, 'onramp-popup-blocked')
    const tabPromise = context.waitForEvent('page')
    await modal(page).getByRole('link', { name: 'Open Portico Sandbox in a new tab' }).click()
    const tab = await tabPromise
    await expect(tab.getByTestId('purchase-amount').textContent()).resolves.toBe(`${quoted} ETH`)
    await pay(tab, '4242 4242 4242 4242')
    await toast(page).getByText(`Bought ${quoted} ETH`).waitFor({ timeout: 15_000 })
    await context.close()
  })

  it('looks right on desktop and at 375 px, light and dark', async () => {
    for (const [width, height] of [
      [1280, 800],
      [375, 740],
    ] as const) {
      for (const theme of ['dark', 'light'] as const) {
        const context = await contextWithWalletAccount(ACCOUNT_INDEX, { width, height })
        const { page } = await openDemo({ context })
        await chooseDemoTheme(page, theme)
        await connectTestWallet(page)
        await openBuy(page)
        await quoteFor(page, '50', 'ETH')
        await screenshot(page, `onramp-providers-${width}-${theme}`)
        await context.close()
      }
    }
  })
})
