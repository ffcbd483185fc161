import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { getBrowser, modal, stack } from './fixtures.js'

/**
 * The WalletConnect wallet page on the wallet origin, on the stack's relay, devnet and Solana clusters,
 * holding dev account `account` (EVM and Solana); `namespaces` limits what it approves.
 */
export async function openWcWallet(
  options: { account?: number; namespaces?: string } = {},
): Promise<{ wallet: Page; walletContext: BrowserContext }> {
  const walletContext = await (await getBrowser()).newContext({ viewport: { width: 900, height: 900 } })
  const wallet = await walletContext.newPage()
  wallet.on('pageerror', (error) => console.error(`[wallet page error] ${error.message}`))
  const query = new URLSearchParams({
    relay: stack().relay,
    rpc: stack().devnet,
    solanaRpc: stack().solanaDevnet,
    account: String(options.account ?? 0),
  })
  if (options.namespaces) query.set('namespaces', options.namespaces)
  await wallet.goto(`${stack().wallet}/wc.html?${query}`)
  await wallet.locator('body[data-ready="true"]').waitFor()
  return { wallet, walletContext }
}

/** The wallet page's card of a pending request. */
export const wcRequest = (wallet: Page, method: string) =>
  wallet.getByRole('listitem', { name: `Request ${method}` })

/**
 * From the open modal's Connect view: picks WalletConnect, pastes the Pairing view's URI into the wallet
 * page and returns the wallet's proposal card.
 */
export async function pairWithWcWallet(page: Page, wallet: Page) {
  await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
  await modal(page).locator('[data-pairing-uri^="wc:"]').waitFor()
  const uri = (await modal(page)
    .getByRole('button', { name: 'Copy link' })
    .getAttribute('data-uri')) as string
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.getByLabel('Pairing URI').fill(uri)
  await wallet.getByRole('button', { name: 'Pair' }).click()
  const proposal = wallet.getByRole('region', { name: 'Session proposal' })
  await proposal.getByText('Portico demo').waitFor()
  return proposal
}
