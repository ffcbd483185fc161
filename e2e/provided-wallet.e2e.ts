import { afterAll, describe, expect, it } from 'vitest'
import {
  approveInWallet,
  closeBrowser,
  connectButton,
  DEV_ADDRESS,
  getBrowser,
  modal,
  openAccount,
  stack,
  switchNetworkInAccount,
  walletBadge,
  walletRow,
} from './fixtures.js'

/** The name the demo gives the test wallet's provider when it passes it as its own (own-wallet.ts). */
const OWN_WALLET = 'Demo in-page wallet'

// A wallet the dApp provides (evm({ wallets: providedWallets([…]) })): the demo's wagmi page with
// `?ownWallet=1` passes the test wallet's EIP-1193 provider as a wallet of its own.
describe('a wallet the dApp provides', () => {
  afterAll(closeBrowser)

  it('is listed once, connects, switches, signs, reconnects after a reload and disconnects', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1200, height: 800 } })
    const page = await context.newPage()
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
    await page.goto(new URL('/wagmi/?ownWallet=1', stack().demo).href)

    await connectButton(page).click()
    await walletRow(page, OWN_WALLET).waitFor()
    await expect(walletRow(page, OWN_WALLET).count()).resolves.toBe(1)
    await expect(walletRow(page, OWN_WALLET).locator('img').getAttribute('src')).resolves.toMatch(
      /^data:image\/svg\+xml,/,
    )
    // The same provider is window.ethereum and announced through EIP-6963: not listed again for EVM.
    await expect(
      modal(page)
        .getByRole('button', { name: /Browser Wallet/ })
        .count(),
    ).resolves.toBe(0)

    await walletRow(page, OWN_WALLET).click()
    await approveInWallet(page)
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(DEV_ADDRESS)
    // wagmi's hooks see it through Portico's connector, as any other wallet.
    await expect.poll(() => page.getByTestId('wagmi-address').textContent()).toBe(DEV_ADDRESS)

    await openAccount(page)
    await switchNetworkInAccount(page, 'Ethereum', 'OP Mainnet', 10)
    await expect(walletBadge(page).getByRole('combobox').inputValue()).resolves.toBe('10')
    await modal(page).getByRole('button', { name: 'Close' }).click()

    await page.getByRole('button', { name: 'Sign message' }).click()
    await approveInWallet(page)
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()

    // The next load reconnects to it with no prompt, as the dApp provides it again.
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(DEV_ADDRESS)
    await page.getByTestId('demo-network').getByText('OP Mainnet (10)').waitFor()
    const remembered = await page.evaluate(() => localStorage.getItem('portico.connection'))
    expect(JSON.parse(remembered ?? '{}')).toMatchObject({
      connection: { connectorId: 'dev.portico.demo.in-page-wallet', connectorName: OWN_WALLET },
    })

    await openAccount(page)
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await connectButton(page).getByText('Connect wallet').waitFor()
    await page.reload()
    await page.getByTestId('demo-status').getByText('disconnected').waitFor()
    await context.close()
  })

  it('is not listed on a page where the dApp passes none (the demo without the flag)', async () => {
    const context = await (await getBrowser()).newContext({ viewport: { width: 1200, height: 800 } })
    const page = await context.newPage()
    await page.goto(new URL('/wagmi/', stack().demo).href)
    await connectButton(page).click()
    await walletRow(page).waitFor()
    await expect(walletRow(page, OWN_WALLET).count()).resolves.toBe(0)
    await context.close()
  })
})
