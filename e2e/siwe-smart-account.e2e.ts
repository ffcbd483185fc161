import type { Page, Response } from 'playwright-core'
import { type Address, createPublicClient, http, isAddressEqual } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { answerInFrame, emailSignUpSteps, sheetIn, walletWindow } from './auth-fixtures.js'
import { closeBrowser, connectButton, getBrowser, modal, screenshot, stack } from './fixtures.js'
import { fundOnChain1 } from './visitor-accounts.js'

const signInStep = (page: Page) =>
  modal(page).getByRole('heading', { name: 'Portico demo asks you to sign in' })
const sessionCell = (page: Page) => page.getByTestId('siwe-session')
const sessionText = (page: Page) => async () => (await sessionCell(page).textContent()) ?? ''

/** What the demo's backend says about this browser's cookie session. */
const backendSession = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/siwe/session')).json()).session)

/** ERC-6492's closing bytes: a signature of an account not deployed yet, with how to deploy it. */
const ERC6492_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492'
const signatureSent = (verified: Response) =>
  (JSON.parse(verified.request().postData() ?? '{}') as { signature?: string }).signature ?? ''

/** ConnectingSiwe's Sign, approved in the wallet's own window; the demo's backend then checks it. */
async function signInOnce(page: Page) {
  await signInStep(page).waitFor({ timeout: 30_000 })
  // From before the click: the visitor's whole approval in the wallet window comes first.
  const verified = page.waitForResponse((response) => response.url().endsWith('/api/siwe/verify'), {
    timeout: 120_000,
  })
  await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
  await answerInFrame(page, 'Approve')
  return verified
}

describe("Sign-In With Ethereum with the embedded wallet's smart account", () => {
  afterAll(closeBrowser)

  it('signs in before deployment (ERC-6492) and again after it (ERC-1271), the verifier accepting both', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
    await page.goto(`${stack().demo}/?siwe=1`)
    const email = `siwe-smart-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

    // Signed up, the EOA signs in first: the modal asks as after any connection.
    await connectButton(page).click()
    await emailSignUpSteps(page, email)
    expect((await signInOnce(page)).status()).toBe(200)
    const eoa = (await page.getByTestId('demo-address').textContent()) as Address
    await expect.poll(sessionText(page), { timeout: 15_000 }).toBe(`${eoa} (chain 1)`)
    await modal(page).waitFor({ state: 'hidden' })

    // Choosing the smart account (another address) ends that session and asks again, for the new address.
    await connectButton(page).click()
    const toSmart = modal(page).getByRole('button', { name: 'Switch to your smart account' })
    await toSmart.waitFor({ timeout: 20_000 })
    await toSmart.click()
    await signInStep(page).waitFor({ timeout: 30_000 })
    await expect.poll(sessionText(page)).toBe('Not signed in')
    const smart = (await page.getByTestId('demo-address').textContent()) as Address
    expect(isAddressEqual(smart, eoa)).toBe(false)
    const chain = createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/1`) })
    expect(await chain.getCode({ address: smart })).toBeUndefined()

    // Undeployed: the signature is ERC-6492, which the demo's verifier checks through chain 1.
    await screenshot(page, 'siwe-smart-account-undeployed')
    const undeployed = await signInOnce(page)
    expect(undeployed.status()).toBe(200)
    expect(signatureSent(undeployed).endsWith(ERC6492_SUFFIX)).toBe(true)
    await expect.poll(sessionText(page), { timeout: 15_000 }).toBe(`${smart} (chain 1)`)
    expect(await backendSession(page)).toMatchObject({ address: smart, chainId: 1 })
    await modal(page).waitFor({ state: 'hidden' })

    // One sponsored call deploys it: it pays the value it sends, the operator's paymaster the fee.
    await fundOnChain1(smart, { eth: '0.05' })
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const window = await walletWindow(page)
    const closed = window.waitForEvent('close')
    await sheetIn(window).getByRole('button', { name: 'Approve', disabled: false }).click()
    await closed
    await page.getByTestId('send-result').getByText('Transaction sent').waitFor({ timeout: 90_000 })
    await expect
      .poll(async () => (await chain.getCode({ address: smart })) ?? '0x', { timeout: 60_000 })
      .toMatch(/^0x[0-9a-f]{10,}/)

    // Signed out, then back (a reload): the deployed account signs with ERC-1271 and is accepted.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(sessionText(page)).toBe('Not signed in')
    expect(await backendSession(page)).toBeNull()
    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent(), { timeout: 30_000 }).toBe(smart)
    const verified = await signInOnce(page)
    expect(verified.status()).toBe(200)
    // Deployed: a plain ERC-1271 signature, no deployment data.
    expect(signatureSent(verified)).toMatch(/^0x[0-9a-f]+$/)
    expect(signatureSent(verified).endsWith(ERC6492_SUFFIX)).toBe(false)
    expect(await verified.json()).toMatchObject({ address: smart, chainId: 1 })
    await expect.poll(sessionText(page), { timeout: 15_000 }).toBe(`${smart} (chain 1)`)
    await modal(page).waitFor({ state: 'hidden' })
    await context.close()
  }, 300_000)
})
