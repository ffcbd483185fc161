import { devToken } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { answerInFrame, sheetIn, signInByEmail, walletWindow } from './auth-fixtures.js'
import {
  closeBrowser,
  getBrowser,
  modal,
  openAccount,
  openDemo,
  screenshot,
  stack,
  toast,
} from './fixtures.js'
import { previewSwap } from './swap-fixtures.js'
import { fundOnChain1 } from './visitor-accounts.js'

/** What `eth_getCode` answers for an account delegated to Simple7702Account (EIP-7702). */
const DELEGATED_TO_SIMPLE_7702 = '0xef0100e6cae83bde06e4c305530e199d7217f42808555b'
const USDC = devToken('USDC').address
const chain = () => createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/1`) })
const usdcOf = (address: Address) =>
  chain().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** An e-mail visitor on chain 1 with 0 ETH and 50 USDC: an EOA the wallet upgrades with its first batch. */
async function visitorWithUsdcOnly(
  name: string,
): Promise<{ page: Page; context: BrowserContext; address: Address }> {
  const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
  const { page } = await openDemo({ context })
  const address = await signInByEmail(page, uniqueEmail(name))
  await fundOnChain1(address, { eth: '0', usdc: '50' })
  expect(await chain().getBalance({ address })).toBe(0n)
  // The modal read the balances at sign-in, before the funding: a reload reads them again.
  await reloadConnectedAs(page, address)
  return { page, context, address }
}

/** Reloads the demo and waits until it is connected again, as `address`. */
async function reloadConnectedAs(page: Page, address: Address) {
  await page.reload()
  await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 })
  await expect
    .poll(async () => (await page.getByTestId('demo-address').textContent())?.toLowerCase())
    .toBe(address.toLowerCase())
}

/** Swap → USDC to ETH, 10 USDC, Review: the preview offers the swap (no separate approval step). */
async function previewUsdcToEth(page: Page) {
  await openAccount(page)
  await previewSwap(page, 'USDC', 'ETH', '10')
  await modal(page).getByTestId('swap-review').click()
  // One step: the approval goes with the swap.
  await modal(page)
    .getByTestId('swap-confirm')
    .getByText('Swap', { exact: true })
    .waitFor({ timeout: 20_000 })
  await modal(page).getByTestId('swap-confirm').click()
}

/**
 * The wallet window's one sheet for the whole swap: approve and swap call by call, the fee paid by the dApp.
 * Approved, the window closes and the swap lands without a second approval.
 */
async function approveSwapBatch(page: Page, screenshotName?: string) {
  const window = await walletWindow(page)
  const sheet = sheetIn(window)
  await sheet.getByText('Call 1 of 2').waitFor({ timeout: 20_000 })
  await sheet.getByText('Call 2 of 2').waitFor()
  await sheet.getByText(/spend 10 USDC$/).waitFor()
  await sheet.getByText(`Paid by ${new URL(stack().demo).host}`).waitFor()
  if (screenshotName) await screenshot(window, screenshotName)
  const closed = window.waitForEvent('close')
  await sheet.getByRole('button', { name: 'Approve', disabled: false }).click()
  await closed
  // The chain's first user operation starts its bundler (an alto process), which takes a while on a
  // loaded machine.
  await toast(page)
    .getByText(/^Swapped 10 USDC to 0\.00\d+ ETH$/)
    .waitFor({ timeout: 180_000 })
}

describe('swap as one batch from the embedded smart account (EIP-5792, sponsored)', () => {
  afterAll(closeBrowser)

  it('0 ETH and some USDC: one approval sheet shows approve and swap, the paymaster pays, the swap lands', async () => {
    const { page, context, address } = await visitorWithUsdcOnly('swap-batch')
    await previewUsdcToEth(page)
    await approveSwapBatch(page, 'wallet-swap-batch-sheet')

    expect(await usdcOf(address)).toBe(parseUnits('40', 6))
    // The ETH the swap paid out is all the account holds: the fee was the paymaster's.
    expect(await chain().getBalance({ address })).toBeGreaterThan(0n)
    expect(await chain().getCode({ address })).toBe(DELEGATED_TO_SIMPLE_7702)
    await context.close()
  }, 360_000)

  it('from the counterfactual smart account: one approval deploys it and swaps, 0 ETH, the paymaster pays', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const { page } = await openDemo({ context })
    const eoa = await signInByEmail(page, uniqueEmail('swap-batch-smart'))
    if (await modal(page).isVisible()) await page.keyboard.press('Escape')
    await openAccount(page)
    await modal(page).getByRole('button', { name: 'Switch to your smart account' }).click()
    await modal(page).getByTestId('smart-account-label').waitFor({ timeout: 30_000 })
    const smart = (await modal(page).getByTestId('account-address').getAttribute('title')) as Address
    expect(smart.toLowerCase()).not.toBe(eoa.toLowerCase())
    // Counterfactual: no code yet; it gets USDC and no ETH at all.
    expect(await chain().getCode({ address: smart })).toBeUndefined()
    await fundOnChain1(smart, { eth: '0', usdc: '50' })
    await page.keyboard.press('Escape')
    await reloadConnectedAs(page, smart)

    await previewUsdcToEth(page)
    await approveSwapBatch(page)

    expect(await usdcOf(smart)).toBe(parseUnits('40', 6))
    expect(await chain().getBalance({ address: smart })).toBeGreaterThan(0n)
    // Deployed by this first user operation: the factory's account code, not an EIP-7702 delegation.
    const code = await chain().getCode({ address: smart })
    expect(code).toMatch(/^0x[0-9a-f]{100,}$/)
    expect(code?.startsWith('0xef0100')).toBe(false)
    // The owner key's own address took no part.
    expect(await chain().getTransactionCount({ address: eoa })).toBe(0)
    await context.close()
  }, 360_000)

  it('the bundler unreachable: a clear message instead of a raw error, and the EOA path still sends', async () => {
    const { page, context, address } = await visitorWithUsdcOnly('swap-batch-down')
    // The bundler and paymaster refuse connections for this visitor (the shared stack serves other tests).
    const sponsor = [stack().bundler, stack().paymaster]
    await context.route(
      (url) => sponsor.some((base) => url.href.startsWith(base)),
      (route) => route.abort('connectionrefused'),
    )
    await previewUsdcToEth(page)
    await answerInFrame(page, 'Approve')
    await toast(page)
      .getByText('The service that pays this swap’s network fee cannot be reached. Try again later.')
      .waitFor({ timeout: 60_000 })
    await screenshot(page, 'swap-batch-sponsor-unavailable')
    expect(await usdcOf(address)).toBe(parseUnits('50', 6))
    // Nothing was sent: the account is still the EOA it was.
    expect(await chain().getCode({ address })).toBeUndefined()

    // A plain eth_sendTransaction from the same account, its fee its own, still lands.
    await fundOnChain1(address, { eth: '1' })
    // The modal may still show the swap (or have closed with the wallet's window): out of the way either way.
    if (await modal(page).isVisible()) await page.keyboard.press('Escape')
    await modal(page).waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Send' }).click()
    await answerInFrame(page, 'Approve')
    const hash = (await page
      .getByTestId('send-result')
      .locator('code')
      .textContent({ timeout: 30_000 })) as `0x${string}`
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success')
    await context.close()
  }, 240_000)
})
