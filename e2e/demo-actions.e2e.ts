import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import {
  approveInWallet,
  chooseDemoTheme,
  closeBrowser,
  connectButton,
  connectTestWallet,
  modal,
  openDemo,
  screenshot,
  stack,
} from './fixtures.js'

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('the demo dApp', () => {
  afterAll(closeBrowser)

  it('signs a message and verifies the signature', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Sign message' }).click()
    await approveInWallet(page)
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()
    await context.close()
  })

  it('sends a devnet transaction that lands on chain', async () => {
    const { page, context } = await openDemo()
    await connectTestWallet(page)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    const client = createPublicClient({ transport: http(`${stack().devnet}/1`) })
    const before = await client.getBalance({ address: recipient })
    const buttonBalance = async () =>
      Number(
        (await connectButton(page).locator('.portico-balance').textContent())
          ?.split(' ')[0]
          ?.replaceAll(',', ''),
      )
    await expect.poll(buttonBalance).toBeGreaterThan(0)
    const buttonBefore = await buttonBalance()

    await page.getByRole('button', { name: 'Send' }).click()
    await approveInWallet(page)
    const hash = (await page.getByTestId('send-result').locator('code').textContent()) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(recipient.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('0.01'))
    // The button's balance follows the visitor's own transaction.
    await expect.poll(buttonBalance, { timeout: 10_000 }).toBeLessThanOrEqual(buttonBefore - 0.01)
    await context.close()
  })

  it('switches to the light theme, and host styles do not leak into the button or the modal', async () => {
    const { page, context } = await openDemo()
    await page.addStyleTag({
      content: 'button { color: rgb(255, 0, 0); letter-spacing: 9px } body { font-family: serif }',
    })
    await chooseDemoTheme(page, 'light')
    await connectButton(page).click()
    await modal(page).waitFor()
    await expect(page.locator('portico-modal').getAttribute('data-theme')).resolves.toBe('light')
    await screenshot(page, 'connect-view-light')

    const styles = await page.evaluate(() => {
      const read = (element: Element | null | undefined) => {
        const style = element ? getComputedStyle(element) : undefined
        return { color: style?.color, letterSpacing: style?.letterSpacing, fontFamily: style?.fontFamily }
      }
      const host = document.querySelector('portico-modal')
      return {
        button: read(document.querySelector('.portico-connect-button')),
        row: read(host?.shadowRoot?.querySelector('.row')),
      }
    })
    for (const style of [styles.button, styles.row]) {
      expect(style.color).not.toBe('rgb(255, 0, 0)')
      expect(style.letterSpacing).not.toBe('9px')
      expect(style.fontFamily).not.toBe('serif')
    }
    await context.close()
  })
})
