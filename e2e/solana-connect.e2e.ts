import {
  address,
  getBase58Encoder,
  getPublicKeyFromAddress,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  approveInWallet,
  chainOption,
  closeBrowser,
  connectButton,
  contextWithWalletAccount,
  modal,
  openDemo,
  screenshot,
  settleAnimations,
  toast,
  walletPrompt,
  walletRow,
} from './fixtures.js'
import { connectSolanaTestWallet, shortSolanaAddress, solanaTestWalletAddress } from './solana-fixtures.js'

// Dev accounts 21 and 22: the test wallet's EVM and Solana keys of those indexes are this file's alone.
const ACCOUNT = 21
const SWITCH_ACCOUNT = 22

const networkButton = (page: Page) => page.locator('button.portico-network-button')
const status = (page: Page) => page.getByTestId('demo-status')
const demoAddress = (page: Page) => page.getByTestId('demo-address')

/** The demo page with the test wallet on dev account `account`, in a viewport and theme. */
async function visit(
  account: number,
  options: { viewport?: { width: number; height: number }; theme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await contextWithWalletAccount(account, options.viewport ?? { width: 1280, height: 800 })
  if (options.theme) {
    await context.addInitScript((theme) => localStorage.setItem('portico-demo:theme', theme), options.theme)
  }
  return openDemo({ context })
}

/** Opens Networks from the page's network button and picks `name` there. */
async function switchNetwork(page: Page, name: RegExp): Promise<void> {
  if (!(await modal(page).isVisible())) await networkButton(page).click()
  await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
  await modal(page).getByRole('button', { name }).click()
}

describe('Solana through the multi-chain test wallet', () => {
  afterAll(closeBrowser)

  it('lists the wallet once, asks for the chain, connects on Solana and signs a message kit verifies', async () => {
    const solanaAddress = await solanaTestWalletAddress(ACCOUNT)
    const { page, context } = await visit(ACCOUNT)
    await connectButton(page).click()
    await walletRow(page).waitFor()
    // Its EIP-6963 and wallet-standard halves are one row.
    await expect(walletRow(page).count()).resolves.toBe(1)
    await expect(walletRow(page).textContent()).resolves.toContain('Installed')

    await walletRow(page).click()
    await modal(page).getByRole('heading', { name: 'Select a chain for Portico Test Wallet' }).waitFor()
    await expect(
      modal(page).getByRole('list', { name: 'Chains' }).locator('.name').allTextContents(),
    ).resolves.toEqual(['EVM networks', 'Solana'])
    await chainOption(page, 'Solana').click()
    await modal(page).getByText('Continue in Portico Test Wallet').waitFor()
    await expect(walletPrompt(page).textContent()).resolves.toContain('Solana')
    await approveInWallet(page)
    await modal(page).waitFor({ state: 'hidden' })

    // The buttons show the Solana account and cluster.
    await expect(demoAddress(page).textContent()).resolves.toBe(solanaAddress)
    await connectButton(page).getByText(shortSolanaAddress(solanaAddress)).waitFor()
    await networkButton(page).getByText('Solana', { exact: true }).waitFor()

    const message = 'Hello from the Portico demo, on Solana'
    await page.locator('#sign-message').fill(message)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(walletPrompt(page).textContent()).resolves.toContain(message)
    await approveInWallet(page)
    // The demo checks it (with @solana/kit too), and so does the test, from the address alone.
    const result = page.getByTestId('sign-result')
    await result.getByText('Signature verified').waitFor()
    const signature = (await result.locator('code').textContent()) ?? ''
    const key = await getPublicKeyFromAddress(address(solanaAddress))
    const bytes = signatureBytes(getBase58Encoder().encode(signature))
    await expect(verifySignature(key, bytes, new TextEncoder().encode(message))).resolves.toBe(true)
    await expect(
      verifySignature(key, bytes, new TextEncoder().encode(`${message}!`)),
      'a signature over another message',
    ).resolves.toBe(false)
    await context.close()
  })

  it('connects on Solana without asking for the chain when the visitor chose a Solana network first', async () => {
    const { page, context } = await visit(ACCOUNT)
    await switchNetwork(page, /Solana Devnet/)
    await expect(modal(page).isVisible()).resolves.toBe(false)
    await connectButton(page).click()
    await walletRow(page).click()
    await walletPrompt(page).waitFor()
    await expect(chainOption(page, 'Solana').count()).resolves.toBe(0)
    await approveInWallet(page)
    await page
      .getByTestId('demo-network')
      .getByText(/^Solana Devnet \(EtWT/)
      .waitFor()
    await expect(demoAddress(page).textContent()).resolves.toBe(await solanaTestWalletAddress(ACCOUNT))
    await context.close()
  })

  it('switches between Solana and EVM in one modal, keeps both accounts, restores them on reload and disconnects both', async () => {
    const solanaAddress = await solanaTestWalletAddress(SWITCH_ACCOUNT)
    const { page, context } = await visit(SWITCH_ACCOUNT)
    await connectSolanaTestWallet(page)
    await expect(demoAddress(page).textContent()).resolves.toBe(solanaAddress)

    // Networks lists both namespaces' networks together.
    await networkButton(page).click()
    const names = await modal(page).locator('.list .row .name').allTextContents()
    expect(names).toEqual(
      expect.arrayContaining(['Ethereum', 'Base', 'Solana', 'Solana Devnet', 'Solana Testnet']),
    )
    // Each with its logo from the explorer (`solana:<reference>` image ids for the clusters).
    const logos = modal(page).locator('.list .row .portico-network-dot img')
    const broken = () =>
      logos.evaluateAll(
        (images) => images.filter((image) => !(image as HTMLImageElement).naturalWidth).length,
      )
    await expect.poll(broken).toBe(0)
    await settleAnimations(page)
    await screenshot(page, 'solana-networks')
    // The EVM half is not connected yet: the same wallet is asked for it, on the network picked.
    await switchNetwork(page, /Ethereum/)
    await modal(page).getByText('Continue in Portico Test Wallet').waitFor()
    await approveInWallet(page)
    await page.getByTestId('demo-network').getByText('Ethereum (1)').waitFor()
    const evmAddress = (await demoAddress(page).textContent()) ?? ''
    expect(evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // Both halves are kept: switching back and forth asks the wallet nothing.
    await switchNetwork(page, /^Solana$/)
    await page
      .getByTestId('demo-network')
      .getByText(/^Solana \(5eyk/)
      .waitFor()
    await expect(demoAddress(page).textContent()).resolves.toBe(solanaAddress)
    await switchNetwork(page, /Base/)
    await page.getByTestId('demo-network').getByText('Base (8453)').waitFor()
    await expect(demoAddress(page).textContent()).resolves.toBe(evmAddress)
    await switchNetwork(page, /Solana Testnet/)
    await page
      .getByTestId('demo-network')
      .getByText(/^Solana Testnet/)
      .waitFor()
    await expect(demoAddress(page).textContent()).resolves.toBe(solanaAddress)
    await expect(walletPrompt(page).count()).resolves.toBe(0)

    // A reload restores the Solana account silently (the wallet remembers the site), and the EVM one with it.
    await page.reload()
    await status(page).getByText('connected', { exact: true }).waitFor()
    await expect(demoAddress(page).textContent()).resolves.toBe(solanaAddress)
    await page
      .getByTestId('demo-network')
      .getByText(/^Solana Testnet/)
      .waitFor()
    await switchNetwork(page, /OP Mainnet/)
    await page.getByTestId('demo-network').getByText('OP Mainnet (10)').waitFor()
    await expect(demoAddress(page).textContent()).resolves.toBe(evmAddress)
    await expect(walletPrompt(page).count()).resolves.toBe(0)

    // Disconnecting ends both halves: nothing comes back on the next visit.
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await status(page).getByText('disconnected').waitFor()
    await page.reload()
    await connectButton(page).getByText('Connect wallet').waitFor()
    await settleAnimations(page)
    await expect(status(page).textContent()).resolves.toBe('disconnected')
    await context.close()
  })

  it("ends every switch from Account's Networks back on Account: Solana → EVM (the EVM half connecting), EVM → EVM, EVM → Solana", async () => {
    const { page, context } = await visit(ACCOUNT)
    await connectSolanaTestWallet(page)
    await connectButton(page).click()
    const account = modal(page).getByRole('heading', { name: 'Account' })
    await account.waitFor()
    /** From Account: its network button, then `name` in Networks. */
    const switchFromAccount = async (current: RegExp, name: RegExp) => {
      await modal(page).getByRole('button', { name: current }).first().click()
      await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
      await modal(page).getByRole('button', { name }).click()
    }

    await switchFromAccount(/Solana/, /Ethereum/)
    await modal(page).getByText('Continue in Portico Test Wallet').waitFor()
    await approveInWallet(page)
    await page.getByTestId('demo-network').getByText('Ethereum (1)').waitFor()
    await toast(page).getByText('Switched to Ethereum').waitFor()
    // The modal stays open, on Account (the connection of the EVM half closed it).
    await account.waitFor()
    await expect(modal(page).getByTestId('account-address').textContent()).resolves.toMatch(/^0x/)

    await switchFromAccount(/Ethereum/, /Base/)
    await page.getByTestId('demo-network').getByText('Base (8453)').waitFor()
    await account.waitFor()
    await switchFromAccount(/Base/, /^Solana$/)
    await page
      .getByTestId('demo-network')
      .getByText(/^Solana \(5eyk/)
      .waitFor()
    await account.waitFor()
    await expect(modal(page).isVisible()).resolves.toBe(true)
    await context.close()
  })

  it('looks right: the chain picker and the Solana account on the buttons, desktop and phone, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, viewport] of [
        ['desktop', { width: 1280, height: 800 }],
        ['mobile', { width: 375, height: 740 }],
      ] as const) {
        const { page, context } = await visit(ACCOUNT, { viewport, theme })
        await connectButton(page).click()
        await walletRow(page).click()
        await chainOption(page, 'Solana').waitFor()
        await settleAnimations(page)
        await screenshot(page, `solana-multi-chain-${name}-${theme}`)
        await chainOption(page, 'Solana').click()
        await approveInWallet(page)
        await modal(page).waitFor({ state: 'hidden' })
        await connectButton(page)
          .getByText(shortSolanaAddress(await solanaTestWalletAddress(ACCOUNT)))
          .waitFor()
        await settleAnimations(page)
        await screenshot(page, `solana-connected-${name}-${theme}`)
        await context.close()
      }
    }
  })
})
