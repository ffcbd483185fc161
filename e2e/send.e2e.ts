import { devToken } from '@portico/devnet'
import type { Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  createTestClient,
  erc20Abi,
  formatEther,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerInFrame, signInByEmail, walletSheet } from './auth-fixtures.js'
import {
  approveInWallet,
  chooseDemoTheme,
  closeBrowser,
  connectTestWallet,
  contextWithWalletAccount,
  getBrowser,
  modal,
  openAccount,
  openDemo,
  rejectInWallet,
  screenshot,
  settleAnimations,
  stack,
  toast,
  walletPrompt,
} from './fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** The visitor's account: one no other test connects, funded here, so its balances are this file's own. */
const ACCOUNT_INDEX = 14
const visitor = visitorAccount(ACCOUNT_INDEX)
const USDC: Address = devToken('USDC').address
const CHAIN_ID = 1

const rpc = () => http(`${stack().devnet.replace(/\/$/, '')}/${CHAIN_ID}`)
const chain = {
  id: CHAIN_ID,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
} as const
const client = () => createPublicClient({ chain, transport: rpc() })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const ethOf = (address: Address) => client().getBalance({ address })
const usdcOf = (address: Address) =>
  client().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

/** A visitor whose injected test wallet holds account ACCOUNT_INDEX. */
const newVisitor = (viewport?: { width: number; height: number }) =>
  contextWithWalletAccount(ACCOUNT_INDEX, viewport)

async function connectedVisitor(viewport?: { width: number; height: number }) {
  const context = await newVisitor(viewport)
  const { page } = await openDemo({ context })
  await connectTestWallet(page)
  return { page, context }
}

const field = (page: Page, label: string) => modal(page).getByLabel(label, { exact: true })
const fee = (page: Page) => modal(page).getByTestId('send-fee')
const title = (page: Page) => modal(page).locator('header h2')

async function openSend(page: Page) {
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await field(page, 'Amount').waitFor()
  // The fee is estimated as the form opens.
  await fee(page).getByText(/ETH/).waitFor()
}

async function fillSend(page: Page, form: { token?: string; amount: string; to: string }) {
  if (form.token) await field(page, 'Token').selectOption(form.token)
  await field(page, 'Amount').fill(form.amount)
  await field(page, 'To').fill(form.to)
}

/** Preview, Send, approve: the hash the modal shows, once the block is in and Account is back. */
async function previewAndSend(page: Page): Promise<void> {
  await fee(page).getByText(/ETH/).waitFor()
  await modal(page).getByRole('button', { name: 'Preview send' }).click()
  await expect.poll(() => title(page).textContent()).toBe('Preview send')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await modal(page).getByText('Confirm transaction in your wallet').waitFor()
  await approveInWallet(page)
  await toast(page)
    .getByText(/^Transaction started/)
    .waitFor()
  // The block arrives: the modal is back on Account.
  await modal(page).getByTestId('account-address').waitFor({ timeout: 30_000 })
}

describe('send and receive', () => {
  beforeAll(async () => {
    // The visitor's starting balance: 5 ETH and 1,000 USDC.
    await fundOnChain1(visitor.address, { eth: '5', usdc: '1000' })
    expect(await usdcOf(visitor.address)).toBe(parseUnits('1000', 6))
  })
  afterAll(closeBrowser)

  it('sends ETH to an address: fee, preview, wallet, then Account with the receiver paid on chain', async () => {
    const { page, context } = await connectedVisitor()
    await openSend(page)
    const to = freshAddress()
    await fillSend(page, { amount: '0.25', to })
    await expect.poll(() => fee(page).textContent()).toMatch(/^0\.\d+ ETH ≈ \$/)
    await expect(modal(page).getByTestId('send-amount-usd').textContent()).resolves.toMatch(/^\$\d/)
    await screenshot(page, 'send-form')
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await expect(modal(page).getByTestId('send-preview-amount').textContent()).resolves.toBe('0.25 ETH')
    await expect(modal(page).getByTestId('send-preview-receiver').textContent()).resolves.toContain(to)
    await modal(page).getByRole('button', { name: 'Cancel' }).click()
    await previewAndSend(page)
    await expect.poll(() => ethOf(to)).toBe(parseEther('0.25'))
    // Account shows the lower balance once the block is in.
    await expect
      .poll(async () =>
        Number(
          (await modal(page).getByTestId('token-ETH').textContent())?.split(' ')[0]?.replaceAll(',', ''),
        ),
      )
      .toBeLessThan(5)
    await context.close()
  })

  it('sends USDC with an ERC-20 transfer', async () => {
    const { page, context } = await connectedVisitor()
    await openSend(page)
    const to = freshAddress()
    await fillSend(page, { token: USDC.toLowerCase(), amount: '12.5', to })
    await expect.poll(() => modal(page).getByTestId('send-amount-usd').textContent()).toBe('$12.50')
    await previewAndSend(page)
    await expect.poll(() => usdcOf(to)).toBe(12_500_000n)
    await expect.poll(() => ethOf(to)).toBe(0n)
    await context.close()
  })

  it('sends to a name registered with the chain API, showing its address', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey())
    const label = `send-${Date.now().toString(36)}`
    const message = JSON.stringify({
      name: `${label}.wcn.id`,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const registered = await fetch(`${stack().chainApi}/v1/profile/account?projectId=portico-demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coin_type: 2147483649,
        address: receiver.address,
        message,
        signature: await receiver.signMessage({ message }),
      }),
    })
    expect(registered.status).toBe(200)

    const { page, context } = await connectedVisitor()
    await openSend(page)
    await fillSend(page, { amount: '0.01', to: `${label}.wcn.id` })
    const resolved = modal(page).getByTestId('send-resolved-receiver')
    await expect.poll(() => resolved.textContent()).toContain(`${label}.wcn.id`)
    await expect(resolved.locator('code').getAttribute('title')).resolves.toBe(receiver.address)
    await previewAndSend(page)
    await expect.poll(() => ethOf(receiver.address)).toBe(parseEther('0.01'))
    await context.close()
  })

  it('a rejection in the wallet keeps the form, with the wallet’s words in a toast', async () => {
    const { page, context } = await connectedVisitor()
    await openSend(page)
    const to = freshAddress()
    await fillSend(page, { amount: '0.1', to })
    await fee(page).getByText(/ETH/).waitFor()
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
    await rejectInWallet(page)
    await toast(page).getByText('User rejected the request.').waitFor()
    await expect.poll(() => title(page).textContent()).toBe('Send')
    await expect(field(page, 'Amount').inputValue()).resolves.toBe('0.1')
    await expect(field(page, 'To').inputValue()).resolves.toBe(to)
    expect(await ethOf(to)).toBe(0n)
    await context.close()
  })

  it('refuses an invalid receiver, an unknown name and too large amounts before the wallet is asked', async () => {
    const { page, context } = await connectedVisitor()
    await openSend(page)
    let asked = false
    walletPrompt(page)
      .waitFor({ state: 'visible', timeout: 60_000 })
      .then(
        () => {
          asked = true
        },
        () => {},
      )
    await fillSend(page, { amount: '20000', to: '0x1234' })
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await modal(page).getByRole('alert').getByText('Insufficient balance').waitFor()
    await modal(page).getByRole('alert').getByText('Enter a valid address or name').waitFor()
    await expect(field(page, 'Amount').getAttribute('aria-invalid')).resolves.toBe('true')
    await screenshot(page, 'send-errors')

    await field(page, 'To').fill('nobody-here-at-all.wcn.id')
    await modal(page).getByRole('alert').getByText('Error resolving name').waitFor()

    await field(page, 'Token').selectOption(USDC.toLowerCase())
    await field(page, 'Amount').fill('1.0000001')
    await modal(page).getByRole('alert').getByText('USDC has at most 6 decimals').waitFor()
    await field(page, 'Amount').fill('0')
    await field(page, 'To').fill(USDC)
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await modal(page).getByRole('alert').getByText('Enter an amount above zero').waitFor()
    // Sending a token to its own contract is allowed, with a warning.
    await modal(page)
      .getByText(/This is the USDC contract itself/)
      .waitFor()
    await expect.poll(() => title(page).textContent()).toBe('Send')
    expect(asked).toBe(false)
    await context.close()
  })

  it('Receive shows the address, its QR code and the networks it is valid on', async () => {
    const { page, context } = await connectedVisitor()
    await modal(page).getByRole('button', { name: 'Receive', exact: true }).click()
    await expect(modal(page).getByTestId('receive-address').textContent()).resolves.toContain(visitor.address)
    await modal(page).getByRole('img', { name: 'QR code of your address' }).waitFor()
    const networks = modal(page).getByRole('list', { name: /Send only to this address/ })
    await expect(networks.locator('li .name').allTextContents()).resolves.toEqual([
      'Ethereum',
      'OP Mainnet',
      'Polygon',
      'Base',
      'Arbitrum One',
    ])
    await context.close()
  })

  it('sends from the embedded wallet: its own approval sheet, then the receiver paid on chain', async () => {
    const { page, context } = await openDemo()
    const address = await signInByEmail(
      page,
      `send-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
    )
    await createTestClient({ mode: 'anvil', chain, transport: rpc() }).setBalance({
      address,
      value: parseEther('1'),
    })
    // Signed in again after a reload, with the funded balance read at connect.
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 })
    await page.locator('button.portico-connect-button').click()
    await modal(page).getByTestId('account-address').waitFor()
    await openSend(page)
    const to = freshAddress()
    await fillSend(page, { amount: '0.05', to })
    await fee(page).getByText(/ETH/).waitFor()
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
    await (await walletSheet(page)).getByText(to).waitFor()
    await answerInFrame(page, 'Approve')
    // The wallet frame's sheet took the modal's place for the approval and closed it after.
    await toast(page)
      .getByText(/^Transaction started/)
      .waitFor()
    await expect.poll(() => ethOf(to)).toBe(parseEther('0.05'))
    await page.locator('button.portico-connect-button').click()
    await expect
      .poll(async () =>
        Number(
          (await modal(page).getByTestId('token-ETH').textContent())?.split(' ')[0]?.replaceAll(',', ''),
        ),
      )
      .toBeLessThan(0.951)
    await context.close()
  })

  it('sends through WalletConnect: the request waits in the wallet page, then the receiver is paid on chain', async () => {
    const { page, context } = await openDemo()
    const walletContext = await (await getBrowser()).newContext({ viewport: { width: 900, height: 900 } })
    const wallet = await walletContext.newPage()
    await wallet.goto(
      `${stack().wallet}/wc.html?${new URLSearchParams({ relay: stack().relay, rpc: stack().devnet })}`,
    )
    await wallet.locator('body[data-ready="true"]').waitFor()
    await page.locator('button.portico-connect-button').click()
    await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    // The link exists once the pairing is made, a moment after the view shows.
    await modal(page).locator('[data-pairing-uri^="wc:"]').waitFor()
    const uri = (await modal(page)
      .getByRole('button', { name: 'Copy link' })
      .getAttribute('data-uri')) as string
    await wallet.getByLabel('Pairing URI').fill(uri)
    await wallet.getByRole('button', { name: 'Pair' }).click()
    await wallet
      .getByRole('region', { name: 'Session proposal' })
      .getByRole('button', { name: 'Approve' })
      .click()
    await openAccount(page)
    // On Base: the other tests expect the wallet page's account untouched on Ethereum and OP.
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await modal(page).getByRole('button', { name: /Base/ }).click()
    await toast(page).getByText('Switched to Base').waitFor()
    await modal(page).getByTestId('account-address').waitFor()
    await openSend(page)
    const to = freshAddress()
    await fillSend(page, { amount: '0.02', to })
    await fee(page).getByText(/ETH/).waitFor()
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
    await wallet
      .getByRole('listitem', { name: 'Request eth_sendTransaction' })
      .getByRole('button', { name: 'Approve' })
      .click()
    await toast(page)
      .getByText(/^Transaction started/)
      .waitFor()
    await modal(page).getByTestId('account-address').waitFor({ timeout: 30_000 })
    const base = createPublicClient({ transport: http(`${stack().devnet.replace(/\/$/, '')}/8453`) })
    await expect.poll(() => base.getBalance({ address: to })).toBe(parseEther('0.02'))
    await walletContext.close()
    await context.close()
  })

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 375, height: 740 }],
  ] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`draws Send, Preview and Receive on ${label} in ${theme} mode`, async () => {
        const context = await newVisitor(viewport)
        const { page } = await openDemo({ context })
        await chooseDemoTheme(page, theme)
        // The test wallet's own badge would cover the bottom sheet on a phone.
        await page.addStyleTag({ content: '#portico-test-wallet-badge { display: none }' })
        await connectTestWallet(page)
        await openSend(page)
        await fillSend(page, { token: USDC.toLowerCase(), amount: '42', to: freshAddress() })
        await expect.poll(() => fee(page).textContent(), { timeout: 15_000 }).toMatch(/ETH ≈/)
        await settleAnimations(page)
        await screenshot(page, `send-${label}-${theme}`)
        await modal(page).getByRole('button', { name: 'Preview send' }).click()
        await modal(page).getByTestId('send-preview-amount').waitFor()
        await settleAnimations(page)
        await screenshot(page, `send-preview-${label}-${theme}`)
        await modal(page).getByRole('button', { name: 'Close' }).click()
        await page.locator('button.portico-connect-button').click()
        await modal(page).getByRole('button', { name: 'Receive', exact: true }).click()
        await modal(page).getByTestId('receive-address').waitFor()
        await settleAnimations(page)
        await screenshot(page, `receive-${label}-${theme}`)
        await context.close()
      })
    }
  }
  // Last: it spends all of the visitor's ETH.
  it('Max leaves enough of the native token for the fee, and the transaction lands', async () => {
    const { page, context } = await connectedVisitor()
    await openSend(page)
    const to = freshAddress()
    await field(page, 'To').fill(to)
    await fee(page).getByText(/ETH/).waitFor()
    await modal(page).getByRole('button', { name: 'Max' }).click()
    await expect.poll(() => field(page, 'Amount').inputValue()).toMatch(/^\d+\.\d+$/)
    const before = await ethOf(visitor.address)
    const amount = parseEther(await field(page, 'Amount').inputValue())
    expect(amount).toBeLessThan(before)
    expect(before - amount).toBeLessThan(parseEther('0.001'))
    await previewAndSend(page)
    await expect.poll(() => ethOf(to)).toBe(amount)
    // What is left is the part of the fee ceiling the block did not charge.
    const left = await ethOf(visitor.address)
    expect(left).toBeLessThan(before - amount)
    console.log(`Max sent ${formatEther(amount)} ETH; ${formatEther(left)} ETH left of the fee reserve`)
    await context.close()
  })
})
