import type { Page } from 'playwright-core'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { signUpByEmail, walletLauncher } from './auth-fixtures.js'
import { closeBrowser, modal, openDemo, screenshot } from './fixtures.js'

/**
 * Key export of the embedded wallet: asked from the modal's Account view, done in the wallet's own window
 * behind the recovery code. The dApp page never gets the key: every message it receives is recorded.
 */

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** Every message posted to the dApp page, recorded by a listener installed before the page's own. */
async function recordPageMessages(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as { __messages?: string[] }).__messages = seen
    window.addEventListener(
      'message',
      (event) => {
        try {
          seen.push(JSON.stringify(event.data))
        } catch {
          seen.push(String(event.data))
        }
      },
      { capture: true },
    )
  })
  return () => page.evaluate(() => (window as { __messages?: string[] }).__messages ?? [])
}

describe('key export', () => {
  afterAll(closeBrowser)

  it('shows the key in the wallet window after the recovery code, and never on the dApp page', async () => {
    const email = uniqueEmail('export')
    const { page, context } = await openDemo()
    const pageMessages = await recordPageMessages(page)
    await page.reload()
    const { address, recoveryCode: code } = await signUpByEmail(page, email)

    await modal(page).getByRole('button', { name: 'Export private key' }).click()
    await modal(page)
      .getByText(/This page never sees it/)
      .waitFor()
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    const launcher = walletLauncher(page)
    await launcher.getByRole('heading', { name: 'Export private key' }).waitFor({ timeout: 20_000 })
    const opened = context.waitForEvent('page', { timeout: 20_000 })
    await launcher.getByRole('button', { name: 'Continue in wallet window' }).click()
    const window = await opened
    await window.waitForLoadState()
    await window.getByText(/Anyone with this key controls your wallet/).waitFor()

    // A code that is not this wallet's is refused and costs a try; a typo costs none.
    const input = window.getByLabel('Recovery code')
    await input.fill('not a code')
    await window.getByRole('button', { name: 'Show private key' }).click()
    await window.getByText('This is not a recovery code. Check it and try again.').waitFor()
    const wrong = code.startsWith('0') ? `1${code.slice(1)}` : `0${code.slice(1)}`
    await input.fill(wrong)
    await window.getByRole('button', { name: 'Show private key' }).click()
    await window.getByText('This code does not match your wallet. 4 tries left.').waitFor()
    await screenshot(window, 'key-export-wrong-code')

    await input.fill(code)
    await window.getByRole('button', { name: 'Show private key' }).click()
    const evm = window.getByRole('region', { name: 'EVM private key' })
    await evm.waitFor()
    // Hidden until the visitor reveals it.
    await expect(evm.locator('pre').textContent()).resolves.not.toMatch(/0x/)
    await evm.getByRole('button', { name: 'Reveal' }).click()
    const key = (await evm.locator('pre').textContent()) as `0x${string}`
    expect(key).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAddress(key)).toBe(address)
    const solana = window.getByRole('region', { name: 'Solana private key' })
    await solana.getByRole('button', { name: 'Reveal' }).click()
    const solanaKey = (await solana.locator('pre').textContent()) ?? ''
    expect(solanaKey).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    await screenshot(window, 'key-export-shown')

    // The modal hears only that it is done; the page received nothing of the key or the code.
    await modal(page)
      .getByText(/Your key is shown in the wallet window/)
      .waitFor()
    const received = (await pageMessages()).join('\n')
    expect(received).toContain('EXPORT_KEY_SUCCESS')
    for (const secret of [key, key.slice(2), solanaKey, code, wrong]) expect(received).not.toContain(secret)
    await window.getByRole('button', { name: 'Close' }).click()
    await context.close()
  }, 150_000)
})
