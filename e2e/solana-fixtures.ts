import { solanaDevSigner } from '@portico/devnet/solana'
import type { Page } from 'playwright-core'
import { approveInWallet, connectButton, modal, pickTestWallet } from './fixtures.js'

/** The Solana address the test wallet holds with dev account `accountIndex` (`m/44'/501'/<index>'/0'`). */
export async function solanaTestWalletAddress(accountIndex: number): Promise<string> {
  return (await solanaDevSigner(accountIndex)).address
}

/** `oeYf6K…kq96`: how the connect button and the Account view shorten a Solana address. */
export const shortSolanaAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * Connects the test wallet's Solana half the way a visitor does: Connect, the test wallet's row, Solana in
 * the chain picker, approval in the wallet. Resolves once the page is connected on Solana (the modal closed).
 */
export async function connectSolanaTestWallet(page: Page): Promise<void> {
  if (!(await modal(page).isVisible())) await connectButton(page).click()
  await pickTestWallet(page, 'Solana')
  await approveInWallet(page)
  await modal(page).waitFor({ state: 'hidden' })
  await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
  await page
    .getByTestId('demo-network')
    .getByText(/^Solana/)
    .waitFor()
}
