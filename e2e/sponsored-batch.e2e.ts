import { devToken } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { emailSignUpSteps, sheetIn, walletWindow } from './auth-fixtures.js'
import { closeBrowser, getBrowser, screenshot, stack } from './fixtures.js'

/** Where the demo's wagmi card sends and what it approves (its WAGMI_RECIPIENT). */
const WAGMI_RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD'

const wagmi = (page: Page, slot: string) => page.getByTestId(`wagmi-${slot}`)
const read = (page: Page, slot: string) => async () => (await wagmi(page, slot).textContent()) ?? ''

describe('a sponsored batch from the embedded wallet (ERC-7677 paymasterService)', () => {
  afterAll(closeBrowser)

  it('an e-mail visitor with 0 ETH approves once; the batch lands and the account still holds 0 ETH', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(new URL('/wagmi/', stack().demo).href)
    await page.getByRole('heading', { name: 'wagmi hooks' }).waitFor()
    const email = `sponsored-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

    await page.getByRole('button', { name: 'useConnect', exact: true }).click()
    await emailSignUpSteps(page, email)
    await expect.poll(read(page, 'connect'), { timeout: 30_000 }).toBe('connected')
    const address = (await wagmi(page, 'address').textContent()) as Address
    const chainId = Number(await wagmi(page, 'chain').textContent())
    const chain = createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/${chainId}`) })
    expect(await chain.getBalance({ address })).toBe(0n)

    await page.getByRole('button', { name: 'useSendCalls (sponsored)', exact: true }).click()
    const window = await walletWindow(page)
    const sheet = sheetIn(window)
    await sheet.getByText(`Lets ${WAGMI_RECIPIENT} spend 3 USDC`).waitFor()
    // The fee is the dApp's, and 0 ETH does not keep Approve off.
    await sheet.getByText(`Paid by ${new URL(stack().demo).host}`).waitFor()
    await screenshot(window, 'wallet-sponsored-batch-sheet')
    const closed = window.waitForEvent('close')
    await sheet.getByRole('button', { name: 'Approve', disabled: false }).click()
    await closed

    await expect.poll(read(page, 'sponsored'), { timeout: 90_000 }).toBe('success, 1 receipt')
    expect(
      await chain.readContract({
        address: devToken('USDC').address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address, WAGMI_RECIPIENT],
      }),
    ).toBe(3_000_000n)
    expect(await chain.getBalance({ address })).toBe(0n)

    // wallet_showCallsStatus: the wallet's own window shows the batch, confirmed, with its transaction.
    await page.getByRole('button', { name: 'useShowCallsStatus', exact: true }).click()
    const statusWindow = await walletWindow(page)
    const status = statusWindow.getByRole('dialog', { name: 'Batch status' })
    await status.getByRole('status').getByText('Confirmed').waitFor({ timeout: 20_000 })
    await status.getByText(/^0x[0-9a-f]{64}$/).waitFor()
    await status.getByText(`Lets ${WAGMI_RECIPIENT} spend 3 USDC`).waitFor()
    await screenshot(statusWindow, 'wallet-calls-status')
    const statusClosed = statusWindow.waitForEvent('close')
    await status.getByRole('button', { name: 'Close' }).click()
    await statusClosed
    await context.close()
  }, 180_000)
})
