import type { BrowserContext } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  closedPort,
  connectButton,
  connectTestWallet,
  contextWithWalletAccount,
  getBrowser,
  modal,
  openDemo,
  overridePageEnv,
  screenshot,
} from './fixtures.js'

/** This file's test wallet account (each e2e file has its own; it only connects here). */
const ACCOUNT_INDEX = 58

/** A demo page whose `setting` points at a port nothing listens on, as a mistyped URL would. */
async function demoWithClosed(
  setting: 'explorerUrl' | 'chainApiUrl' | 'relayUrl',
  context?: BrowserContext,
): Promise<{ url: string; context: BrowserContext; page: Awaited<ReturnType<typeof openDemo>>['page'] }> {
  const port = await closedPort()
  const url = `${setting === 'relayUrl' ? 'ws' : 'http'}://127.0.0.1:${port}`
  const own =
    context ??
    (await (await getBrowser()).newContext({ viewport: { width: 1200, height: 800 }, colorScheme: 'dark' }))
  await overridePageEnv(own, { [setting]: url })
  const { page } = await openDemo({ context: own })
  return { url, context: own, page }
}

/** The set-up notice naming `setting`, once it shows. */
async function setupNotice(page: Awaited<ReturnType<typeof openDemo>>['page'], setting: string) {
  const notice = modal(page).locator(`.setup-error[data-setting="${setting}"]`)
  await notice.waitFor({ timeout: 15_000 })
  return (await notice.textContent()) ?? ''
}

describe('set-up errors name the setting and the URL of a service the page cannot reach', () => {
  afterAll(closeBrowser)

  it('an unreachable explorer: Connect says the wallet list could not be loaded from its URL', async () => {
    const { url, context, page } = await demoWithClosed('explorerUrl')
    await connectButton(page).click()
    const text = await setupNotice(page, 'explorerUrl')
    expect(text).toBe(`The wallet list could not be loaded from ${url}: check explorerUrl`)
    // No saved list to call "offline"; the wallets of this browser are still there to connect with.
    expect(await modal(page).getByText('Offline: showing the saved wallet list').count()).toBe(0)
    await modal(page)
      .getByRole('button', { name: /Portico Test Wallet/ })
      .waitFor()
    await screenshot(page, 'setup-error-explorer')
    await context.close()
  })

  it('an unreachable chain API: Account and Activity say balances and activity could not be loaded', async () => {
    const { url, context, page } = await demoWithClosed(
      'chainApiUrl',
      await contextWithWalletAccount(ACCOUNT_INDEX),
    )
    await connectTestWallet(page)
    const text = await setupNotice(page, 'chainApiUrl')
    expect(text).toBe(
      `Balances and activity could not be loaded from ${url}. Check chainApiUrl in the Portico config.`,
    )
    await modal(page).getByRole('button', { name: 'Activity' }).click()
    await modal(page).getByRole('heading', { name: 'Failed to fetch transactions' }).waitFor()
    expect(await setupNotice(page, 'chainApiUrl')).toContain(url)
    await context.close()
  })

  it('an unreachable relay: Pairing says the WalletConnect relay cannot be reached at its URL', async () => {
    const { url, context, page } = await demoWithClosed('relayUrl')
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    const text = await setupNotice(page, 'relayUrl')
    expect(text).toBe(
      `The WalletConnect relay at ${url} cannot be reached. Check relayUrl in the Portico config.`,
    )
    await context.close()
  })

  it('with every service reachable, no set-up notice shows', async () => {
    const { page, context } = await openDemo()
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    await modal(page).getByRole('img', { name: 'WalletConnect pairing code' }).waitFor()
    expect(await modal(page).locator('.setup-error').count()).toBe(0)
    await context.close()
  })
})
