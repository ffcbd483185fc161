import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, modal, openDemo, walletPrompt } from './fixtures.js'

/** Describes the focused element, looking inside the modal's shadow root. */
function focused(page: Page) {
  return page.evaluate(() => {
    let element = document.activeElement
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
    // The visible text a screen reader reads: decorative marks (aria-hidden) left out.
    const text = element?.cloneNode(true) as Element | undefined
    for (const hidden of text?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove()
    return {
      className: element?.className ?? '',
      label: element?.getAttribute('aria-label') ?? text?.textContent ?? '',
      connectorId: element?.getAttribute('data-connector-id') ?? null,
    }
  })
}

/** The test wallet's row: one for its EVM and Solana halves. */
const TEST_WALLET_ROW = 'multichain:Portico Test Wallet'

describe('keyboard only', () => {
  afterAll(closeBrowser)

  it('closes on Escape while focus is still on the page behind the dialog', async () => {
    const { page, context } = await openDemo()
    await page.locator('.portico-connect-button').click()
    await modal(page).waitFor()
    // Focus back on the page, as right after a click on the dApp's own button.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
    await page.keyboard.press('Escape')
    await modal(page).waitFor({ state: 'hidden' })
    await context.close()
  })

  it('connects with Tab and Enter, traps focus in the dialog, and returns focus on Escape', async () => {
    const { page, context } = await openDemo()
    for (let presses = 0; presses < 10; presses++) {
      await page.keyboard.press('Tab')
      if ((await focused(page)).className === 'portico-connect-button') break
    }
    expect((await focused(page)).className).toBe('portico-connect-button')
    await page.keyboard.press('Enter')
    await modal(page).waitFor()
    // Connect takes the focus on the dialog itself; Tab then follows the reading order: "What is a
    // wallet?", Close, the e-mail address.
    await expect.poll(async () => (await focused(page)).className).toBe('dialog')
    await page.keyboard.press('Tab')
    expect((await focused(page)).label).toBe('What is a wallet?')
    await page.keyboard.press('Tab')
    expect((await focused(page)).label).toBe('Close')
    await page.keyboard.press('Tab')
    expect((await focused(page)).className).toBe('field')

    // Focus wraps at both ends: it never leaves the dialog.
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).label).toBe('What is a wallet?')
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).label).toContain('All wallets')
    await page.keyboard.press('Tab')
    expect((await focused(page)).label).toBe('What is a wallet?')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect((await focused(page)).className).toBe('field')

    // Then the social buttons of the first rows (Continue stays disabled while the field is empty),
    // "more" for the others, the passkey row, then the wallets: WalletConnect first.
    const labels: string[] = []
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press('Tab')
      const now = await focused(page)
      if (now.connectorId === TEST_WALLET_ROW) break
      labels.push(now.connectorId ?? now.label)
    }
    expect(labels).toEqual([
      'Continue with Google',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
      'Continue with X',
      'More sign-in options',
      'Continue with a passkey',
      'walletconnect',
    ])
    expect((await focused(page)).connectorId).toBe(TEST_WALLET_ROW)

    // A multi-chain wallet: its chain picker takes focus on its first chain; Up and Down move between them.
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).label, { timeout: 10_000 }).toBe('EVM networks')
    await page.keyboard.press('ArrowDown')
    expect((await focused(page)).label).toBe('Solana')
    await page.keyboard.press('ArrowUp')
    expect((await focused(page)).label).toBe('EVM networks')
    await page.keyboard.press('Enter')
    // The wallet's prompt, outside the modal, takes the focus as a wallet's popup does: Tab reaches its
    // buttons and Enter approves, with no pointer.
    await walletPrompt(page).waitFor()
    await expect
      .poll(async () => (await focused(page)).label, { timeout: 10_000 })
      .toBe('Portico Test Wallet request')
    await page.keyboard.press('Tab')
    expect((await focused(page)).label).toBe('Reject')
    await page.keyboard.press('Tab')
    expect((await focused(page)).label).toBe('Approve')
    await page.keyboard.press('Enter')
    // Connected: the modal closes by itself and the keyboard focus is back on the button.
    await modal(page).waitFor({ state: 'hidden' })
    await expect.poll(async () => (await focused(page)).className).toBe('portico-connect-button')
    await context.close()
  })
})
