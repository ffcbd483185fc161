import { devToken } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import {
  approveInWallet,
  closeBrowser,
  connectTestWallet,
  contextWithWalletAccount,
  getBrowser,
  modal,
  openDemo,
  pickTestWallet,
  screenshot,
  stack,
  toast,
  walletPrompt,
} from './fixtures.js'
import { previewSwap } from './swap-fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'
import { openWcWallet, pairWithWcWallet, wcRequest } from './wc-wallet.js'

/** Where the demo's wagmi card approves and sends (its WAGMI_RECIPIENT). */
const WAGMI_RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD'
const USDC = devToken('USDC').address
/** This file's accounts, which no other file connects: the injected wallet's, the paired wallet's, the swapper's. */
const INJECTED_ACCOUNT = 83
const WC_ACCOUNT = 84
const SWAP_ACCOUNT = 85

const chain = () => createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/1`) })
const usdcOf = (address: Address) =>
  chain().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const allowanceOf = (address: Address) =>
  chain().readContract({
    address: USDC,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [address, WAGMI_RECIPIENT],
  })

const wagmi = (page: Page, slot: string) => page.getByTestId(`wagmi-${slot}`)
const hookButton = (page: Page, hook: string) => page.getByRole('button', { name: hook, exact: true })

async function expectText(page: Page, slot: string, text: string, timeout = 20_000) {
  await expect.poll(async () => (await wagmi(page, slot).textContent()) ?? '', { timeout }).toBe(text)
}

async function openWagmiPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
  await page.goto(new URL('/wagmi/', stack().demo).href)
  await page.getByRole('heading', { name: 'wagmi hooks' }).waitFor()
  return page
}

/** Approves the wallet's prompt once it shows one plain transaction (not a batch). */
async function approveTransaction(page: Page) {
  await walletPrompt(page)
    .getByText(/^Send 0 ETH to /)
    .waitFor()
  await expect(walletPrompt(page).getAttribute('data-kind')).resolves.toBe('send-transaction')
  await approveInWallet(page)
}

/**
 * With a plain-account wallet connected through Portico: useCapabilities says atomic is unsupported,
 * useSendCalls (an approval and a transfer) is approved once in the wallet, and useWaitForCallsStatus
 * (useCallsStatus) reaches success with one receipt per call, both calls on chain.
 */
async function sendCallsThroughWallet(page: Page, address: Address, approveBatch: () => Promise<void>) {
  await expectText(page, 'status', 'connected')
  await expectText(page, 'address', address)
  await expectText(page, 'chain', '1')
  await expectText(page, 'capabilities', 'atomic unsupported')
  await expectText(page, 'usdc', '10000000 USDC')

  await hookButton(page, 'useSendCalls').click()
  await approveBatch()
  await expectText(page, 'calls', 'success, 2 receipt', 60_000)
  expect(await usdcOf(address)).toBe(parseUnits('9', 6))
  expect(await allowanceOf(address)).toBe(parseUnits('2', 6))
  await expectText(page, 'usdc', '9000000 USDC')
}

describe('EIP-5792 through injected and WalletConnect wallets', () => {
  afterAll(closeBrowser)

  it('an injected wallet: capabilities, one prompt for the whole batch, its status and both calls on chain', async () => {
    const address = visitorAccount(INJECTED_ACCOUNT).address
    await fundOnChain1(address, { eth: '5', usdc: '10' })
    const context = await contextWithWalletAccount(INJECTED_ACCOUNT)
    const page = await openWagmiPage(context)
    await hookButton(page, 'useConnect').click()
    await pickTestWallet(page)
    await approveInWallet(page)
    await expectText(page, 'connect', 'connected')

    await sendCallsThroughWallet(page, address, async () => {
      // One prompt lists both calls; nothing else is asked.
      const prompt = walletPrompt(page)
      await prompt.getByText('Send 2 calls on Ethereum (1), one after another').waitFor()
      await expect(prompt.getAttribute('data-kind')).resolves.toBe('send-calls')
      await prompt.getByText('Call 1 of 2').waitFor()
      await prompt.getByText('Call 2 of 2').waitFor()
      await screenshot(page, 'test-wallet-send-calls-prompt')
      await approveInWallet(page)
      await prompt.waitFor({ state: 'detached' })
    })
    await expect(walletPrompt(page).count()).resolves.toBe(0)
    await context.close()
  }, 120_000)

  it('a WalletConnect wallet: the session offers the 5792 methods and the batch is approved once there', async () => {
    const address = visitorAccount(WC_ACCOUNT).address
    await fundOnChain1(address, { eth: '5', usdc: '10' })
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const page = await openWagmiPage(context)
    const { wallet, walletContext } = await openWcWallet({ account: WC_ACCOUNT, namespaces: 'eip155' })
    await hookButton(page, 'useConnect').click()
    const proposal = await pairWithWcWallet(page, wallet)
    const methods = (await proposal.locator('.methods').textContent()) ?? ''
    for (const method of ['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus'])
      expect(methods).toContain(method)
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await expectText(page, 'connect', 'connected', 30_000)

    await sendCallsThroughWallet(page, address, async () => {
      const card = wcRequest(wallet, 'wallet_sendCalls')
      await card.getByText('Call 1 of 2').waitFor({ timeout: 30_000 })
      await card.getByText('Call 2 of 2').waitFor()
      await card.getByRole('button', { name: 'Approve' }).click()
    })
    // The capability and status reads were answered without a card; the batch needed one.
    await expect(wallet.getByRole('listitem', { name: /^Request / }).count()).resolves.toBe(0)
    await walletContext.close()
    await context.close()
  }, 180_000)

  it('a swap needing an allowance through the injected wallet: two steps, approve then swap', async () => {
    const address = visitorAccount(SWAP_ACCOUNT).address
    await fundOnChain1(address, { eth: '5', usdc: '50' })
    const { page, context } = await openDemo({ context: await contextWithWalletAccount(SWAP_ACCOUNT) })
    await connectTestWallet(page)
    await previewSwap(page, 'USDC', 'ETH', '10')
    await modal(page).getByTestId('swap-review').click()
    // The wallet said atomic is unsupported: the approval is a step of its own, not part of a batch.
    const confirm = modal(page).getByTestId('swap-confirm')
    await confirm.getByText('Approve USDC').waitFor({ timeout: 20_000 })
    await confirm.click()
    await approveTransaction(page)
    await confirm.getByText('Swap', { exact: true }).waitFor({ timeout: 20_000 })
    await confirm.click()
    await approveTransaction(page)
    await toast(page)
      .getByText(/^Swapped 10 USDC to 0\.00\d+ ETH$/)
      .waitFor({ timeout: 30_000 })
    expect(await usdcOf(address)).toBe(parseUnits('40', 6))
    // Two transactions from the account, each its own: the approval, then the swap.
    expect(await chain().getTransactionCount({ address })).toBe(2)
    await context.close()
  }, 120_000)
})
