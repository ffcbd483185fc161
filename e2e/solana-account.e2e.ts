import { SOLANA_USDC } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  approveInWallet,
  closeBrowser,
  contextWithWalletAccount,
  modal,
  openAccount,
  openDemo,
  screenshotBothThemes,
  stack,
  toast,
  walletPrompt,
} from './fixtures.js'
import { freshSolanaAddress, fundOnSolana, solOf, usdcOf } from './solana-accounts.js'
import { connectSolanaTestWallet, shortSolanaAddress, solanaTestWalletAddress } from './solana-fixtures.js'

/** The visitor's dev index (its Solana key m/44'/501'/24'/0'): this file's alone, funded here. */
const ACCOUNT_INDEX = 24
/** A second visitor for the views that send nothing (validation, screenshots), so balances stay this file's. */
const VIEWING_ACCOUNT_INDEX = 25
const LAMPORTS_PER_SOL = 1_000_000_000n
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 800 }

const field = (page: Page, label: string) => modal(page).getByLabel(label, { exact: true })
const fee = (page: Page) => modal(page).getByTestId('send-fee')
const title = (page: Page) => modal(page).locator('header h2')
const tokenAmount = async (page: Page, symbol: string) =>
  Number((await modal(page).getByTestId(`token-${symbol}`).textContent())?.split(' ')[0]?.replaceAll(',', ''))

/**
 * Connects the test wallet's Solana half and moves to Solana Devnet, the way a visitor does: the wallet
 * connects on the first Solana network, the Networks view picks the cluster.
 */
async function connectOnSolanaDevnet(page: Page): Promise<void> {
  await connectSolanaTestWallet(page)
  await openAccount(page)
  await modal(page)
    .getByRole('button', { name: /^Network / })
    .click()
  await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
  await modal(page)
    .getByRole('button', { name: /Solana Devnet/ })
    .click()
  await modal(page).getByRole('heading', { name: 'Account' }).waitFor()
  await modal(page)
    .getByRole('button', { name: /^Network Solana Devnet/ })
    .waitFor()
  await modal(page).getByTestId('token-SOL').waitFor()
}

async function visitor(index: number, viewport = DESKTOP) {
  const context = await contextWithWalletAccount(index, viewport)
  const { page } = await openDemo({ context })
  await connectOnSolanaDevnet(page)
  return { page, context }
}

async function openSend(page: Page) {
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await field(page, 'Amount').waitFor()
  // The fee is estimated as the form opens.
  await fee(page).getByText(/SOL/).waitFor()
}

/** Preview, Send, approve in the wallet: resolves once the transaction is confirmed and Account is back. */
async function previewAndSend(page: Page): Promise<void> {
  await fee(page).getByText(/SOL/).waitFor()
  await modal(page).getByRole('button', { name: 'Preview send' }).click()
  await expect.poll(() => title(page).textContent()).toBe('Preview send')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await approveInWallet(page)
  await toast(page)
    .getByText(/^Transaction started/)
    .waitFor()
  await modal(page).getByTestId('account-address').waitFor({ timeout: 30_000 })
}

/** Activity, once its first page is in (the funding payments at least). */
async function openActivity(page: Page) {
  await modal(page).getByRole('button', { name: 'Activity', exact: true }).click()
  await expect.poll(() => title(page).textContent()).toBe('Activity')
  await modal(page).locator('.activity section').first().waitFor()
}

/** Screenshots of the modal in the dark theme and the light one, once no toast covers its header. */
async function shots(page: Page, name: string): Promise<void> {
  await toast(page).waitFor({ state: 'hidden', timeout: 10_000 })
  await screenshotBothThemes(page, name)
}

describe('the Account view on Solana', () => {
  let owner: string

  beforeAll(async () => {
    owner = await solanaTestWalletAddress(ACCOUNT_INDEX)
    // The visitors' starting balances: 10 SOL and 1,000 USDC each, on the devnet cluster.
    await fundOnSolana(owner, { sol: 10, usdc: 1_000 })
    await fundOnSolana(await solanaTestWalletAddress(VIEWING_ACCOUNT_INDEX), { sol: 10, usdc: 1_000 })
    expect(await usdcOf(owner)).toBe(1_000_000_000n)
  })
  afterAll(closeBrowser)

  it('shows the base58 address, SOL and USDC with USD values, Solana actions only, no dead explorer link', async () => {
    const { page, context } = await visitor(ACCOUNT_INDEX)
    const address = modal(page).getByTestId('account-address')
    await expect(address.getAttribute('title')).resolves.toBe(owner)
    await expect(address.textContent()).resolves.toBe(shortSolanaAddress(owner))
    await expect(modal(page).getByTestId('account-balance').textContent()).resolves.toMatch(
      /^Balance 10 SOL$/,
    )
    await expect.poll(() => tokenAmount(page, 'USDC')).toBe(1000)
    const rows = modal(page).getByRole('list', { name: 'Tokens' }).getByRole('listitem')
    await expect(rows.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Solana10 SOL\$[\d,]+\.\d\d$/),
      'USD Coin1,000 USDC$1,000.00',
    ])
    // The local cluster has no public explorer page (as the devnet's EVM chains): no link to one.
    await expect(modal(page).getByRole('link', { name: 'View on block explorer' }).count()).resolves.toBe(0)
    // Send, Receive and Activity; Buy crypto, Swap and Choose a name are EVM's only and not offered.
    const actions = modal(page).locator('.actions button')
    await expect(actions.allTextContents()).resolves.toEqual(['Send', 'Receive', 'Activity'])

    // Copy puts the whole address on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().demo })
    await modal(page).getByRole('button', { name: 'Copy address' }).click()
    await toast(page).getByText('Address copied').waitFor()
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(owner)

    // Receive: the address and its code, valid on the three clusters.
    await modal(page).getByRole('button', { name: 'Receive', exact: true }).click()
    await expect(modal(page).getByTestId('receive-address').textContent()).resolves.toBe(
      `Your address ${owner}`,
    )
    await expect(
      modal(page)
        .getByRole('list', { name: /Send only to this address/ })
        .locator('.name')
        .allTextContents(),
    ).resolves.toEqual(['Solana', 'Solana Devnet', 'Solana Testnet'])
    await context.close()
  })

  it('sends SOL to a fresh address: the fee in SOL, the preview, the wallet, then the balances and Activity', async () => {
    const { page, context } = await visitor(ACCOUNT_INDEX)
    const to = await freshSolanaAddress()
    const before = await solOf(owner)
    await openSend(page)
    await field(page, 'Amount').fill('1.5')
    await field(page, 'To').fill(to)
    await expect.poll(() => fee(page).textContent()).toMatch(/^0\.000005 SOL ≈ \$/)
    // SOL creates no account: nothing but the fee.
    await expect(modal(page).getByTestId('send-fee-deposit').count()).resolves.toBe(0)
    await expect(modal(page).getByTestId('send-amount-usd').textContent()).resolves.toMatch(/^\$\d/)
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await expect(modal(page).getByTestId('send-preview-amount').textContent()).resolves.toBe('1.5 SOL')
    await expect(modal(page).getByTestId('send-preview-receiver').textContent()).resolves.toBe(to)
    await modal(page).getByRole('button', { name: 'Cancel' }).click()
    await previewAndSend(page)

    // On chain: the receiver has 1.5 SOL, the sender paid it and the fee.
    await expect.poll(() => solOf(to)).toBe(3n * (LAMPORTS_PER_SOL / 2n))
    expect(before - (await solOf(owner))).toBe(3n * (LAMPORTS_PER_SOL / 2n) + 5_000n)
    await expect.poll(() => tokenAmount(page, 'SOL'), { timeout: 15_000 }).toBeLessThan(8.6)
    await openActivity(page)
    const sent = modal(page).locator('li[data-hash]', { hasText: '−1.5 SOL' })
    await expect.poll(() => sent.count(), { timeout: 30_000 }).toBe(1)
    // One row per transaction: what happened, with whom, and the amount.
    await expect(sent.textContent()).resolves.toContain(`SentTo ${shortSolanaAddress(to)}−1.5 SOL`)
    await context.close()
  })

  it('sends USDC to a fresh address, paying its token account, and the send shows in Activity', async () => {
    const { page, context } = await visitor(ACCOUNT_INDEX)
    const to = await freshSolanaAddress()
    const [solBefore, usdcBefore] = [await solOf(owner), await usdcOf(owner)]
    await openSend(page)
    await field(page, 'Token').selectOption(SOLANA_USDC.mint)
    await field(page, 'Amount').fill('12.5')
    await field(page, 'To').fill(to)
    await expect.poll(() => modal(page).getByTestId('send-amount-usd').textContent()).toBe('$12.50')
    // The fee includes the deposit of the receiver's new token account, which the sender pays.
    await expect.poll(() => fee(page).textContent()).toMatch(/^0\.00204428 SOL ≈ \$/)
    await expect(modal(page).getByTestId('send-fee-deposit').textContent()).resolves.toBe(
      "Includes 0.00203928 SOL for the receiver's token account",
    )
    await previewAndSend(page)

    await expect.poll(() => usdcOf(to)).toBe(12_500_000n)
    expect(usdcBefore - (await usdcOf(owner))).toBe(12_500_000n)
    expect(solBefore - (await solOf(owner))).toBe(2_044_280n)
    expect(await solOf(to)).toBe(0n)
    const usdcLeft = Number(usdcBefore - 12_500_000n) / 1e6
    await expect.poll(() => tokenAmount(page, 'USDC'), { timeout: 15_000 }).toBe(usdcLeft)
    await openActivity(page)
    const sent = modal(page).locator('li[data-hash]', { hasText: '−12.5 USDC' })
    await expect.poll(() => sent.count(), { timeout: 30_000 }).toBe(1)
    await expect(sent.textContent()).resolves.toContain(`SentTo ${shortSolanaAddress(to)}−12.5 USDC`)
    await shots(page, 'solana-activity')
    await context.close()
  })

  it("asks for 'a valid amount and receiver address' before the wallet is ever asked", async () => {
    const { page, context } = await visitor(VIEWING_ACCOUNT_INDEX)
    let asked = false
    walletPrompt(page)
      .waitFor({ state: 'visible', timeout: 60_000 })
      .then(
        () => {
          asked = true
        },
        () => {},
      )
    await openSend(page)
    const message = modal(page).getByRole('alert').filter({
      hasText: 'Please enter a valid amount and receiver address',
    })
    // Nothing typed: Preview says what is missing.
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await message.waitFor()
    await expect(field(page, 'Amount').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(field(page, 'To').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(title(page).textContent()).resolves.toBe('Send')
    await shots(page, 'solana-send-invalid')

    const valid = await freshSolanaAddress()
    const refused = {
      'an EVM address': '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'a name (EVM only)': 'alice.wcn.id',
      'a character base58 leaves out': `0${valid.slice(1)}`,
      'base58 that is no 32-byte key': 'z'.repeat(44),
    }
    await field(page, 'Amount').fill('1')
    for (const [what, receiver] of Object.entries(refused)) {
      await field(page, 'To').fill(receiver)
      await field(page, 'To').blur()
      await modal(page).getByRole('button', { name: 'Preview send' }).click()
      await expect(message.count(), what).resolves.toBe(1)
      await expect(field(page, 'To').getAttribute('aria-invalid'), what).resolves.toBe('true')
      await expect(title(page).textContent(), what).resolves.toBe('Send')
    }
    // A valid receiver with an amount that is none.
    await field(page, 'To').fill(valid)
    for (const amount of ['0', 'abc']) {
      await field(page, 'Amount').fill(amount)
      await modal(page).getByRole('button', { name: 'Preview send' }).click()
      await expect(message.count(), amount).resolves.toBe(1)
    }
    // Valid but more than the balance: the balance rule's own message, not the missing-input one.
    await field(page, 'Amount').fill('20')
    await modal(page).getByText('Insufficient balance').waitFor()
    await expect(message.count()).resolves.toBe(0)
    // Valid: the preview opens; the wallet was not asked at any point.
    await field(page, 'Amount').fill('0.001')
    await fee(page).getByText(/SOL/).waitFor()
    await modal(page).getByRole('button', { name: 'Preview send' }).click()
    await expect.poll(() => title(page).textContent()).toBe('Preview send')
    expect(asked).toBe(false)
    await context.close()
  })

  it('screenshots: Account, Send and Activity on Solana at 1280x800 and 375 px', async () => {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, context } = await visitor(VIEWING_ACCOUNT_INDEX, viewport)
      await expect.poll(() => tokenAmount(page, 'USDC')).toBeGreaterThan(0)
      await shots(page, `solana-account-${size}`)
      await openSend(page)
      await field(page, 'Token').selectOption(SOLANA_USDC.mint)
      await field(page, 'Amount').fill('25')
      await field(page, 'To').fill(await freshSolanaAddress())
      await expect.poll(() => fee(page).textContent()).toMatch(/≈/)
      await shots(page, `solana-send-${size}`)
      await modal(page).getByRole('button', { name: 'Preview send' }).click()
      await modal(page).getByTestId('send-preview-amount').waitFor()
      await shots(page, `solana-send-preview-${size}`)
      await modal(page).getByRole('button', { name: 'Back' }).click()
      await modal(page).getByRole('button', { name: 'Back' }).click()
      await openActivity(page)
      await shots(page, `solana-activity-${size}`)
      await context.close()
    }
  })
})
