import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { modal } from './fixtures.js'

/** Account → Swap, with its form ready. */
export async function openSwap(page: Page): Promise<void> {
  await modal(page).getByRole('button', { name: 'Swap', exact: true }).click()
  await modal(page).getByRole('heading', { name: 'Swap' }).waitFor()
  await modal(page).getByTestId('swap-sourceToken').waitFor()
}

/** Picks a token for one side of the swap through the token list. */
export async function pickSwapToken(
  page: Page,
  side: 'sourceToken' | 'toToken',
  symbol: string,
): Promise<void> {
  await modal(page).getByTestId(`swap-${side}`).click()
  await modal(page).getByRole('heading', { name: 'Select token' }).waitFor()
  await modal(page).getByTestId(`swap-token-${symbol}`).click()
  await modal(page).getByRole('heading', { name: 'Swap' }).waitFor()
}

/**
 * Opens Swap from the Account view, swaps `amount` of `from` into `to`, and waits until the preview offers
 * "Review swap". Polled for its text: when the preview is not offered, the failure says what it offers.
 */
export async function previewSwap(page: Page, from: string, to: string, amount: string): Promise<void> {
  await openSwap(page)
  await pickSwapToken(page, 'sourceToken', from)
  await pickSwapToken(page, 'toToken', to)
  await modal(page).getByTestId('swap-source-amount').fill(amount)
  await expect
    .poll(() => modal(page).getByTestId('swap-review').textContent(), { timeout: 20_000 })
    .toBe('Review swap')
}
