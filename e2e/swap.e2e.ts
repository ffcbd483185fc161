import type { Page } from 'playwright-core'
import {
  createPublicClient,
  createTestClient,
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  http,
  parseEther,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerInFrame, signInByEmail } from './auth-fixtures.js'
import {
  approveInWallet,
  chooseDemoTheme,
  closeBrowser,
  connectTestWallet,
  contextWithWalletAccount,
  modal,
  openAccount,
  openDemo,
  rejectInWallet,
  screenshot,
  settleAnimations,
  stack,
  toast,
  watchToastFrames,
} from './fixtures.js'
import { openSwap, pickSwapToken } from './swap-fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

const USDC = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
/** The visitor's account: one no other test connects, funded here, so the swaps move only this file's balances. */
const ACCOUNT_INDEX = 15
const DEV_ADDRESS = visitorAccount(ACCOUNT_INDEX).address
const chain = () => createPublicClient({ transport: http(`${stack().devnet}/1`) })
/** A page on the demo whose injected test wallet is the visitor's account. */
const visitorDemo = async (viewport?: { width: number; height: number }) =>
  openDemo({ context: await contextWithWalletAccount(ACCOUNT_INDEX, viewport) })
/** The visitor's USDC in base units: exact, unlike a float of the decimal amount. */
const usdcUnits = () =>
  chain().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [DEV_ADDRESS] })
const usdcBalance = async () => Number(formatUnits(await usdcUnits(), 6))
const ethBalance = async () => Number(formatUnits(await chain().getBalance({ address: DEV_ADDRESS }), 18))

/**
 * The newest transaction the visitor sent on chain 1 (the swap just made). Other files' tests share the
 * devnet and mine blocks of their own, so it walks back from the latest block rather than reading only it.
 */
async function latestHashFromVisitor(): Promise<string> {
  const latest = await chain().getBlockNumber()
  for (let number = latest; number >= 0n && number > latest - 50n; number--) {
    const block = await chain().getBlock({ blockNumber: number, includeTransactions: true })
    const sent = block.transactions.filter((tx) => tx.from.toLowerCase() === DEV_ADDRESS.toLowerCase())
    const hash = sent.at(-1)?.hash
    if (hash) return hash
  }
  throw new Error('no transaction of the visitor in the last 50 blocks')
}

const tokenRow = (page: Page, symbol: string) =>
  modal(page).getByRole('list', { name: 'Tokens' }).getByTestId(`token-${symbol}`)
const amountOf = async (page: Page, symbol: string) =>
  Number(((await tokenRow(page, symbol).textContent()) ?? '').split(' ')[0]?.replaceAll(',', ''))

/** The focused element inside the modal: its test id, else its class. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('portico-modal')?.shadowRoot?.activeElement as HTMLElement | null
    return active?.dataset.testid ?? active?.className ?? null
  })

/** In the page: from a click on the token row to the quoted target amount on screen. */
function measureClickToQuote(page: Page, symbol: string): Promise<number> {
  return page.evaluate(
    (symbol) =>
      new Promise<number>((resolve, reject) => {
        const root = document.querySelector('portico-modal')?.shadowRoot
        const row = root?.querySelector(`[data-testid="swap-token-${symbol}"]`) as HTMLButtonElement | null
        if (!row) return reject(new Error(`no token row ${symbol}`))
        const start = performance.now()
        row.click()
        const check = () => {
          const output = root?.querySelector('[data-testid="swap-target-amount"]')
          if (output && Number(output.textContent?.replaceAll(',', '')) > 0)
            resolve(performance.now() - start)
          else requestAnimationFrame(check)
        }
        check()
      }),
    symbol,
  )
}

describe('swap on the devnet Uniswap V2 pools', () => {
  afterAll(closeBrowser)

  // The visitor's starting balance: 10 ETH and 1,000 USDC.
  beforeAll(() => fundOnChain1(DEV_ADDRESS, { eth: '10', usdc: '1000' }))

  it('offers Swap on Account, quotes ETH → USDC and swaps it without an approval', async () => {
    const { page, context } = await visitorDemo()
    await connectTestWallet(page)
    await tokenRow(page, 'USDC').waitFor()
    const usdcBefore = await usdcBalance()
    await openSwap(page)
    await expect(modal(page).getByTestId('swap-sourceToken').textContent()).resolves.toBe('ETH')

    await modal(page).getByTestId('swap-source-amount').fill('0.5')
    await modal(page).getByTestId('swap-toToken').click()
    await modal(page).getByRole('heading', { name: 'Select token' }).waitFor()
    // The visitor's own tokens come first.
    const own = modal(page).getByRole('list', { name: 'Your tokens' })
    await own.getByTestId('swap-token-USDC').waitFor()
    await expect(own.getByRole('button').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('USD Coin'), expect.stringContaining('Ether')]),
    )
    const clickToQuote: number[] = []
    clickToQuote.push(await measureClickToQuote(page, 'USDC'))

    // 0.5 ETH at about 3,000 USDC, less the 0.85 % provider fee and the pool's move.
    const quoted = Number(
      (await modal(page).getByTestId('swap-target-amount').textContent())?.replaceAll(',', ''),
    )
    expect(quoted).toBeGreaterThan(1450)
    expect(quoted).toBeLessThan(1500)
    await expect(modal(page).getByTestId('swap-rate').textContent()).resolves.toMatch(
      /^1 ETH = 2,9\d\d(\.\d+)? USDC$/,
    )
    await expect(modal(page).getByTestId('swap-provider-fee').textContent()).resolves.toBe(
      '0.85% · 0.00425 ETH',
    )
    await expect(modal(page).getByTestId('swap-max-slippage').textContent()).resolves.toMatch(
      /^1% · 14\.\d+ USDC$/,
    )
    await expect(modal(page).getByTestId('swap-network-fee').textContent()).resolves.toMatch(
      /^(<)?\$\d+\.\d\d$/,
    )
    await expect(modal(page).getByTestId('swap-source-usd').textContent()).resolves.toMatch(
      /^\$1,[45]\d\d\.\d\d$/,
    )

    // A few more measurements of the click-to-quote time, on other tokens and back.
    for (const symbol of ['DAI', 'WBTC', 'USDC']) {
      await modal(page).getByTestId('swap-toToken').click()
      await modal(page).getByRole('heading', { name: 'Select token' }).waitFor()
      clickToQuote.push(await measureClickToQuote(page, symbol))
    }
    console.log(
      `click-to-quote (token picked, amount typed): ${clickToQuote.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    )

    await modal(page).getByTestId('swap-review').click()
    await modal(page).getByRole('heading', { name: 'Review swap' }).waitFor()
    await modal(page).getByTestId('swap-minimum-received').getByText(/USDC$/).waitFor()
    await modal(page).getByTestId('swap-confirm').getByText('Swap', { exact: true }).waitFor()
    await modal(page).getByTestId('swap-confirm').click()
    await toast(page).getByText('Confirm transaction in your wallet').waitFor()
    const toastFrames = await watchToastFrames(page)
    await approveInWallet(page)
    // Reset and back on Account, where the balances and Activity follow the block.
    await modal(page).getByTestId('account-address').waitFor()
    await toast(page)
      .getByText(/^Swapped 0\.5 ETH to 1,4\d\d(\.\d+)? USDC$/)
      .waitFor({ timeout: 15_000 })
    // The devnet mines at once: "Swapping" was drawn in full before "Swapped" replaced it.
    const frames = await toastFrames()
    const swapping = frames.findIndex((text) => /^Swapping 0\.5 ETH to 1,4\d\d(\.\d+)? USDC$/.test(text))
    expect(swapping).toBeGreaterThanOrEqual(0)
    expect(frames.findIndex((text) => text.startsWith('Swapped'))).toBeGreaterThan(swapping)
    const hash = await latestHashFromVisitor()
    const received = (await usdcBalance()) - usdcBefore
    // At least the minimum the swap was built with (1 % below the quote).
    expect(received).toBeGreaterThanOrEqual(Math.floor(quoted * 0.99))
    // Account shows 3 decimals, truncated.
    await expect.poll(() => amountOf(page, 'USDC'), { timeout: 15_000 }).toBeCloseTo(usdcBefore + received, 2)
    await modal(page).getByRole('button', { name: 'Activity' }).click()
    await modal(page).locator(`[data-hash="${hash}"]`).waitFor({ timeout: 15_000 })

    // The form starts over on the next open.
    await modal(page).getByRole('button', { name: 'Back' }).click()
    await openSwap(page)
    await expect(modal(page).getByTestId('swap-source-amount').inputValue()).resolves.toBe('')
    await context.close()
  })

  it('swaps USDC → ETH: approves the fee router first, quotes again, then swaps', async () => {
    const { page, context } = await visitorDemo()
    await connectTestWallet(page)
    await tokenRow(page, 'USDC').waitFor()
    const [usdcUnitsBefore, ethBefore] = [await usdcUnits(), await ethBalance()]
    const usdcBefore = Number(formatUnits(usdcUnitsBefore, 6))
    await openSwap(page)
    await pickSwapToken(page, 'sourceToken', 'USDC')
    await pickSwapToken(page, 'toToken', 'ETH')
    await modal(page).getByTestId('swap-source-amount').fill('300')
    await expect
      .poll(
        async () =>
          Number((await modal(page).getByTestId('swap-target-amount').textContent())?.replaceAll(',', '')),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0.09)
    await modal(page).getByTestId('swap-review').getByText('Review swap').waitFor()
    await modal(page).getByTestId('swap-review').click()
    const confirm = modal(page).getByTestId('swap-confirm')
    await confirm.getByText('Approve USDC').waitFor()
    await modal(page)
      .getByText(/Approve USDC for this swap first/)
      .waitFor()
    await settleAnimations(page)
    await screenshot(page, 'swap-preview-approve')
    await confirm.click()
    await toast(page).getByText('Approve limit increase in your wallet').waitFor()
    await approveInWallet(page)
    // Once the approval is in a block: a new quote and the swap itself.
    await confirm.getByText('Swap', { exact: true }).waitFor({ timeout: 15_000 })
    const approval = await chain().getTransaction({ hash: (await latestHashFromVisitor()) as `0x${string}` })
    expect(approval.to?.toLowerCase()).toBe(USDC.toLowerCase())
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: approval.input })
    expect(functionName).toBe('approve')
    const spender = (args as readonly [`0x${string}`, bigint])[0]
    const allowance = await chain().readContract({
      address: USDC,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [DEV_ADDRESS, spender],
    })
    // Only what this swap needs is approved, not an unlimited allowance.
    expect(allowance).toBe(300_000_000n)
    await confirm.click()
    await toast(page).getByText('Confirm transaction in your wallet').waitFor()
    await approveInWallet(page)
    await modal(page).getByTestId('account-address').waitFor()
    await toast(page)
      .getByText(/^Swapped 300 USDC to 0\.0\d\d ETH$/)
      .waitFor({ timeout: 15_000 })
    expect(await usdcUnits()).toBe(usdcUnitsBefore - 300_000_000n)
    expect(await ethBalance()).toBeGreaterThan(ethBefore + 0.09)
    await expect.poll(() => amountOf(page, 'USDC'), { timeout: 15_000 }).toBeCloseTo(usdcBefore - 300, 2)
    const hash = await latestHashFromVisitor()
    await modal(page).getByRole('button', { name: 'Activity' }).click()
    await modal(page).locator(`[data-hash="${hash}"]`).waitFor({ timeout: 15_000 })
    await context.close()
  })

  it('keeps the swap when the wallet rejects it, with a toast', async () => {
    const { page, context } = await visitorDemo()
    await connectTestWallet(page)
    await openSwap(page)
    await pickSwapToken(page, 'toToken', 'DAI')
    await modal(page).getByTestId('swap-source-amount').fill('0.25')
    await modal(page).getByTestId('swap-review').getByText('Review swap').waitFor({ timeout: 10_000 })
    const quoted = await modal(page).getByTestId('swap-target-amount').textContent()
    await modal(page).getByTestId('swap-review').click()
    await modal(page).getByTestId('swap-confirm').getByText('Swap', { exact: true }).waitFor()
    await modal(page).getByTestId('swap-confirm').click()
    await rejectInWallet(page)
    await toast(page)
      .getByText(/rejected/i)
      .waitFor()
    // Still on the preview, the same swap ready to send again.
    await modal(page).getByRole('heading', { name: 'Review swap' }).waitFor()
    await modal(page).getByTestId('swap-confirm').getByText('Swap', { exact: true }).waitFor()
    await expect(modal(page).getByTestId('swap-confirm').isEnabled()).resolves.toBe(true)
    await modal(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(modal(page).getByTestId('swap-source-amount').inputValue()).resolves.toBe('0.25')
    await expect(modal(page).getByTestId('swap-target-amount').textContent()).resolves.toBe(quoted)
    await context.close()
  })

  it('works from the keyboard alone: amount, token picker with search, preview', async () => {
    const { page, context } = await visitorDemo()
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Swap', exact: true }).focus()
    await page.keyboard.press('Enter')
    await modal(page).getByTestId('swap-source-amount').waitFor()
    // Focus moves into the view: the amount comes first.
    await expect.poll(() => focused(page)).toBe('swap-source-amount')
    await page.keyboard.type('0.1')
    for (let tab = 0; tab < 6 && (await focused(page)) !== 'swap-toToken'; tab++)
      await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('swap-toToken')
    await page.keyboard.press('Enter')
    await modal(page).getByRole('heading', { name: 'Select token' }).waitFor()
    await expect.poll(() => focused(page)).toBe('search')
    await page.keyboard.type('dai')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('swap-token-DAI')
    await page.keyboard.press('Enter')
    await modal(page).getByTestId('swap-review').getByText('Review swap').waitFor({ timeout: 10_000 })
    await expect.poll(() => focused(page)).toBe('swap-source-amount')
    // Enter in the amount submits the form: the preview opens.
    await page.keyboard.press('Enter')
    await modal(page).getByRole('heading', { name: 'Review swap' }).waitFor()
    await modal(page).getByTestId('swap-preview-receive').getByText(/DAI$/).waitFor()
    await context.close()
  })

  it('swaps with the embedded e-mail wallet too: the wallet frame asks, the swap lands', async () => {
    const { page, context } = await openDemo()
    const address = await signInByEmail(page, `swap-${Date.now()}@example.com`)
    await createTestClient({ mode: 'anvil', transport: http(`${stack().devnet}/1`) }).setBalance({
      address,
      value: parseEther('1'),
    })
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await openAccount(page)
    await openSwap(page)
    await pickSwapToken(page, 'toToken', 'USDC')
    await modal(page).getByTestId('swap-source-amount').fill('0.1')
    await modal(page).getByTestId('swap-review').getByText('Review swap').waitFor({ timeout: 10_000 })
    await modal(page).getByTestId('swap-review').click()
    await modal(page).getByTestId('swap-confirm').getByText('Swap', { exact: true }).waitFor()
    await modal(page).getByTestId('swap-confirm').click()
    await answerInFrame(page, 'Approve')
    await toast(page)
      .getByText(/^Swapped 0\.1 ETH to 29\d(\.\d+)? USDC$/)
      .waitFor({ timeout: 20_000 })
    const usdc = await chain().readContract({
      address: USDC,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })
    expect(usdc).toBeGreaterThan(290_000_000n)
    await context.close()
  })

  it("says 'Insufficient balance' inline for more than the visitor holds", async () => {
    const { page, context } = await visitorDemo()
    await connectTestWallet(page)
    await openSwap(page)
    await pickSwapToken(page, 'toToken', 'USDC')
    await modal(page).getByTestId('swap-source-amount').fill('20000')
    await modal(page).getByTestId('swap-error').getByText('Insufficient balance').waitFor({ timeout: 10_000 })
    await expect(modal(page).getByTestId('swap-review').isDisabled()).resolves.toBe(true)
    await context.close()
  })

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 375, height: 740 }],
  ] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`draws Swap, the token picker and the preview on ${label} in ${theme} mode`, async () => {
        const { page, context } = await visitorDemo(viewport)
        await chooseDemoTheme(page, theme)
        await connectTestWallet(page)
        await page.addStyleTag({ content: '#portico-test-wallet-badge { display: none }' })
        await openSwap(page)
        await modal(page).getByTestId('swap-toToken').click()
        await modal(page).getByRole('heading', { name: 'Select token' }).waitFor()
        await modal(page).getByTestId('swap-token-USDC').waitFor()
        await settleAnimations(page)
        await screenshot(page, `swap-select-token-${label}-${theme}`)
        await modal(page).getByTestId('swap-token-USDC').click()
        await modal(page).getByTestId('swap-source-amount').fill('1.5')
        await modal(page).getByTestId('swap-review').getByText('Review swap').waitFor({ timeout: 10_000 })
        await settleAnimations(page)
        await screenshot(page, `swap-${label}-${theme}`)
        await modal(page).getByTestId('swap-review').click()
        await modal(page).getByTestId('swap-confirm').getByText('Swap', { exact: true }).waitFor()
        await settleAnimations(page)
        await screenshot(page, `swap-preview-${label}-${theme}`)
        await context.close()
      })
    }
  }
})
