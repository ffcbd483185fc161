import type { Page } from 'playwright-core'
import { type Address, createPublicClient, http, isAddressEqual } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { answerInFrame, emailSignUpSteps, sheetIn, walletWindow } from './auth-fixtures.js'
import { closeBrowser, connectButton, getBrowser, modal, screenshot, stack } from './fixtures.js'

const wagmi = (page: Page, slot: string) => page.getByTestId(`wagmi-${slot}`)
const read = (page: Page, slot: string) => async () => (await wagmi(page, slot).textContent()) ?? ''
const hookButton = (page: Page, hook: string) => page.getByRole('button', { name: hook, exact: true })

describe("the embedded wallet's counterfactual smart account (ERC-4337)", () => {
  afterAll(closeBrowser)

  it('an e-mail visitor switches to it, signs before and after deployment, and a sponsored batch at 0 ETH deploys it', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(new URL('/wagmi/', stack().demo).href)
    await page.getByRole('heading', { name: 'wagmi hooks' }).waitFor()
    const email = `smart-account-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

    await hookButton(page, 'useConnect').click()
    await emailSignUpSteps(page, email)
    await expect.poll(read(page, 'connect'), { timeout: 30_000 }).toBe('connected')
    const eoa = (await wagmi(page, 'address').textContent()) as Address
    const chainId = Number(await wagmi(page, 'chain').textContent())
    const chain = createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/${chainId}`) })

    // The Account view offers the switch; the address shown (Portico's and wagmi's) follows it.
    await connectButton(page).click()
    await modal(page).getByTestId('account-address').waitFor({ timeout: 20_000 })
    const toSmart = modal(page).getByRole('button', { name: 'Switch to your smart account' })
    await toSmart.waitFor({ timeout: 20_000 })
    await toSmart.click()
    await expect.poll(read(page, 'address'), { timeout: 30_000 }).not.toBe(eoa)
    const smart = (await wagmi(page, 'address').textContent()) as Address
    expect(isAddressEqual(smart, eoa)).toBe(false)
    await modal(page).getByTestId('smart-account-label').waitFor({ timeout: 20_000 })
    await modal(page).getByRole('button', { name: 'Switch to your EOA' }).waitFor()
    await expect.poll(() => modal(page).getByTestId('account-address').getAttribute('title')).toBe(smart)
    await screenshot(page, 'smart-account-switched')
    // Counterfactual: no code and nothing to pay with.
    expect(await chain.getCode({ address: smart })).toBeUndefined()
    expect(await chain.getBalance({ address: smart })).toBe(0n)
    await page.keyboard.press('Escape')

    // Before deployment the signature is ERC-6492, checked through the chain as a SIWE server does.
    await hookButton(page, 'useSignMessage').click()
    await answerInFrame(page, 'Approve')
    await expect.poll(read(page, 'sign'), { timeout: 30_000 }).toBe('verified')

    // One approval, one user operation: the paymaster pays, the factory deploys the account.
    await hookButton(page, 'useSendCalls (sponsored)').click()
    const window = await walletWindow(page)
    const sheet = sheetIn(window)
    await sheet.getByText(/spend 3 USDC/).waitFor()
    const closed = window.waitForEvent('close')
    await sheet.getByRole('button', { name: 'Approve', disabled: false }).click()
    await closed
    await expect.poll(read(page, 'sponsored'), { timeout: 90_000 }).toBe('success, 1 receipt')
    expect(await chain.getCode({ address: smart })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(await chain.getBalance({ address: smart })).toBe(0n)
    // The EOA took no part.
    expect(await chain.getTransactionCount({ address: eoa })).toBe(0)

    // Deployed: the same request now answers an ERC-1271 signature, which verifies too.
    await hookButton(page, 'useSignTypedData').click()
    await answerInFrame(page, 'Approve')
    await expect.poll(read(page, 'sign-typed'), { timeout: 30_000 }).toBe('verified')
    await context.close()
  }, 240_000)
})
