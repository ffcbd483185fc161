import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  connectButton,
  connectTestWallet,
  contextWithWalletAccount,
  getBrowser,
  modal,
  openDemo,
  screenshotBothThemes,
  settleAnimations,
  stack,
} from './fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** This file's own account: empty at first (empty states), then funded here (lists). */
const ACCOUNT_INDEX = 27
const visitor = visitorAccount(ACCOUNT_INDEX)

const DESKTOP = { width: 1280, height: 800 }
const MOBILE = { width: 375, height: 740 }

const WALLET_LIST = /\/getWallets\?/
const BALANCES = /\/v1\/account\/[^/]+\/balance/
const HISTORY = /\/v1\/account\/[^/]+\/history/

/** The same height to the pixel: layout rounds sub-pixels differently once real rows replace skeletons. */
function expectSameHeight(actual: number, expected: number) {
  expect(Math.abs(actual - expected)).toBeLessThan(1)
}

/** The modal's scroll area and the dialog's height, measured in the page. */
function measure(page: Page): Promise<{ scrollHeight: number; clientHeight: number; dialog: number }> {
  return page.evaluate(() => {
    const root = document.querySelector('portico-modal')?.shadowRoot
    const content = root?.querySelector('.content') as HTMLElement
    const dialog = root?.querySelector('.dialog') as HTMLElement
    return {
      scrollHeight: content.scrollHeight,
      clientHeight: content.clientHeight,
      dialog: dialog.getBoundingClientRect().height,
    }
  })
}

async function expectNoScroll(page: Page): Promise<void> {
  const { scrollHeight, clientHeight } = await measure(page)
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight)
}

/** Holds the context's requests to `url` until `release` is called (then they go on to the service). */
async function hold(context: BrowserContext, url: RegExp): Promise<{ release: () => Promise<void> }> {
  let open: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const handler = async (route: import('playwright-core').Route) => {
    await gate
    await route.fallback()
  }
  await context.route(url, handler)
  return {
    release: async () => {
      open()
      await context.unroute(url, handler)
    },
  }
}

const skeletons = (page: Page) => modal(page).locator('[data-skeleton]')
const socialRow = (page: Page) => modal(page).getByRole('list', { name: 'Sign in with a social account' })

describe('modal layout: views that fit, skeletons while loading, empty states', () => {
  afterAll(closeBrowser)

  it('Connect fits 1280x800 without scrolling, and "more" shows the other social providers in place', async () => {
    const context = await (await getBrowser()).newContext({ viewport: DESKTOP })
    const { page } = await openDemo({ context, waitForIdle: true })
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /All wallets/ })
      .getByText(/^\d+$/)
      .waitFor()
    await expectNoScroll(page)
    // WalletConnect leads, tagged as a QR code; then the installed wallet and the featured ones.
    const rows = modal(page).locator('.list .row')
    await expect(rows.first().textContent()).resolves.toBe('WalletConnectQR code')
    await expect(rows.count()).resolves.toBe(6)
    // The e-mail field's submit is in the field: an arrow named Continue, off while the field is empty.
    const submit = modal(page).getByRole('button', { name: 'Continue', exact: true })
    await expect(submit.isDisabled()).resolves.toBe(true)
    await modal(page).getByPlaceholder('you@example.com').fill('visitor@example.com')
    await expect(submit.isEnabled()).resolves.toBe(true)
    await modal(page).getByPlaceholder('you@example.com').fill('')

    // The first provider is a wide button with its name; four more are icons, then "more".
    await modal(page)
      .getByRole('button', { name: 'Continue with Google' })
      .getByText('Continue with Google')
      .waitFor()
    const rowNames = () =>
      socialRow(page)
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))
    await expect(rowNames()).resolves.toEqual([
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
      'Continue with X',
      'More sign-in options',
    ])
    const before = await measure(page)
    await screenshotBothThemes(page, 'layout-connect-desktop')
    await modal(page).getByRole('button', { name: 'More sign-in options' }).click()
    await expect(rowNames()).resolves.toEqual([
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
    ])
    // Focus is on the first provider "more" revealed, and the view kept its height.
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.querySelector('portico-modal')?.shadowRoot?.activeElement?.getAttribute('aria-label'),
        ),
      )
      .toBe('Continue with Discord')
    expectSameHeight((await measure(page)).dialog, before.dialog)
    await expectNoScroll(page)
    await context.close()

    // A phone: the same view fits the 740 px high sheet.
    const phone = await (await getBrowser()).newContext({ viewport: MOBILE })
    const mobile = await openDemo({ context: phone, waitForIdle: true })
    await connectButton(mobile.page).click()
    await modal(mobile.page)
      .getByRole('button', { name: /All wallets/ })
      .getByText(/^\d+$/)
      .waitFor()
    await expectNoScroll(mobile.page)
    await screenshotBothThemes(mobile.page, 'layout-connect-mobile')
    // (The demo's test-wallet badge sits over the sheet's last row on a phone: a click event, not a pointer.)
    await modal(mobile.page)
      .getByRole('button', { name: /All wallets/ })
      .dispatchEvent('click')
    await modal(mobile.page).locator('.tile[data-wallet-id]').nth(20).waitFor()
    await expectNoScroll(mobile.page)
    await screenshotBothThemes(mobile.page, 'layout-all-wallets-mobile')
    await phone.close()
  })

  it('shows skeletons while the wallet list loads, and Connect and All wallets keep their height', async () => {
    const context = await (await getBrowser()).newContext({ viewport: DESKTOP })
    const list = await hold(context, WALLET_LIST)
    const { page } = await openDemo({ context })
    await connectButton(page).click()
    // The featured wallets' rows hold their place: WalletConnect and the installed wallet, then skeletons.
    await expect.poll(() => skeletons(page).count()).toBe(4)
    await expect(
      modal(page).getByRole('list', { name: 'Connect wallet' }).getAttribute('aria-busy'),
    ).resolves.toBe('true')
    // They shimmer (the visitor asked for no less motion).
    await expect(
      skeletons(page)
        .first()
        .locator('.skeleton')
        .first()
        .evaluate((element) => getComputedStyle(element).animationName),
    ).resolves.toBe('shimmer')
    await settleAnimations(page)
    const connectLoading = await measure(page)
    await screenshotBothThemes(page, 'layout-connect-loading-desktop')

    await modal(page)
      .getByRole('button', { name: /All wallets/ })
      .click()
    await expect.poll(() => skeletons(page).count()).toBe(20)
    await settleAnimations(page)
    const loading = await measure(page)
    await screenshotBothThemes(page, 'layout-all-wallets-loading-desktop')

    await list.release()
    const tiles = modal(page).locator('.tile[data-wallet-id]')
    await expect.poll(() => tiles.count()).toBe(40)
    await expect(skeletons(page).count()).resolves.toBe(0)
    expectSameHeight((await measure(page)).dialog, loading.dialog)
    // The search field keeps its size once the grid has loaded (it was squeezed to a line).
    const search = modal(page).getByRole('searchbox', { name: 'Search wallets' })
    const box = await search.boundingBox()
    expect(box?.width).toBeGreaterThan(150)
    expect(box?.height).toBeGreaterThanOrEqual(36)
    await expectNoScroll(page)
    await screenshotBothThemes(page, 'layout-all-wallets-desktop')

    // A search with no result: an icon and a sentence, at the same height.
    await search.fill('zzzz-no-such-wallet')
    const empty = modal(page).locator('.empty-state')
    await empty.getByText('No wallet found for “zzzz-no-such-wallet”').waitFor()
    await expect(empty.locator('.empty-icon svg').count()).resolves.toBe(1)
    expectSameHeight((await measure(page)).dialog, loading.dialog)
    expect((await search.boundingBox())?.height).toBe(box?.height)
    await screenshotBothThemes(page, 'layout-all-wallets-empty-desktop')
    await search.fill('rainb')
    await expect.poll(() => tiles.locator('.tile-name').allTextContents()).toEqual(['Rainbow'])
    expectSameHeight((await measure(page)).dialog, loading.dialog)

    // Back on Connect, the listings took the skeletons' place: the same height.
    await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
    await modal(page)
      .getByRole('button', { name: /MetaMask/ })
      .waitFor()
    await expect(skeletons(page).count()).resolves.toBe(0)
    await settleAnimations(page)
    expectSameHeight((await measure(page)).dialog, connectLoading.dialog)
    await context.close()

    // On a phone, the skeleton tiles fill the sheet the grid then takes.
    const phone = await (await getBrowser()).newContext({ viewport: MOBILE })
    const phoneList = await hold(phone, WALLET_LIST)
    const mobile = await openDemo({ context: phone })
    await connectButton(mobile.page).click()
    await modal(mobile.page)
      .getByRole('button', { name: /All wallets/ })
      .dispatchEvent('click')
    await expect.poll(() => skeletons(mobile.page).count()).toBe(20)
    const phoneLoading = await measure(mobile.page)
    await screenshotBothThemes(mobile.page, 'layout-all-wallets-loading-mobile')
    await phoneList.release()
    await expect.poll(() => mobile.page.locator('portico-modal .tile[data-wallet-id]').count()).toBe(40)
    expectSameHeight((await measure(mobile.page)).dialog, phoneLoading.dialog)
    await phone.close()
  })

  it('keeps skeletons still for a visitor who asks for reduced motion', async () => {
    const context = await (await getBrowser()).newContext({ viewport: DESKTOP, reducedMotion: 'reduce' })
    const list = await hold(context, WALLET_LIST)
    const { page } = await openDemo({ context })
    await connectButton(page).click()
    await expect.poll(() => skeletons(page).count()).toBe(4)
    await expect(
      skeletons(page)
        .first()
        .locator('.skeleton')
        .first()
        .evaluate((element) => getComputedStyle(element).animationName),
    ).resolves.toBe('none')
    await list.release()
    await context.close()
  })

  it('Account fits 1280x800 with every action; skeletons, then empty states for tokens and activity, then lists', async () => {
    const context = await contextWithWalletAccount(ACCOUNT_INDEX, DESKTOP)
    const balances = await hold(context, BALANCES)
    let { page } = await openDemo({ context })
    await connectTestWallet(page)
    const tokens = modal(page).locator('.account-tokens')
    await expect.poll(() => tokens.locator('[data-skeleton]').count()).toBe(3)
    await screenshotBothThemes(page, 'layout-account-loading-desktop')
    await balances.release()
    const noTokens = tokens.locator('.empty-state')
    await noTokens.getByText('No tokens on this network yet').waitFor()
    await expect(noTokens.locator('.empty-icon svg').count()).resolves.toBe(1)
    // Every feature's action is there, as a button of the grid.
    for (const action of ['Buy crypto', 'Swap', 'Send', 'Receive', 'Activity', 'Choose a name']) {
      await modal(page).locator('.actions').getByRole('button', { name: action, exact: true }).waitFor()
    }
    await modal(page)
      .getByRole('button', { name: /Ethereum/ })
      .waitFor()
    await expectNoScroll(page)
    await screenshotBothThemes(page, 'layout-account-empty-desktop')

    const history = await hold(context, HISTORY)
    await modal(page).getByRole('button', { name: 'Activity', exact: true }).click()
    await expect.poll(() => skeletons(page).count()).toBe(6)
    await screenshotBothThemes(page, 'layout-activity-loading-desktop')
    await history.release()
    const noActivity = modal(page).locator('.empty-state')
    await noActivity.getByText('No transactions yet').waitFor()
    await expect(noActivity.locator('.empty-icon svg').count()).resolves.toBe(1)
    await screenshotBothThemes(page, 'layout-activity-empty-desktop')

    await context.close()

    // Funded, the next visit: the token list and the transactions, and the view still fits.
    await fundOnChain1(visitor.address, { eth: '1', usdc: '100' })
    // The chain API may still hold the empty visit's read for its 3 s (a forced read within 1 s of it shares
    // it): force reads, as a wallet's refresh after a transfer would, until the chain API sees the funds.
    await expect
      .poll(async () => {
        const url = `${stack().chainApi}/v1/account/${visitor.address}/balance?projectId=e2e&chainId=eip155:1&forceUpdate=true`
        const { balances } = (await (await fetch(url)).json()) as { balances: { symbol: string }[] }
        return balances.map((balance) => balance.symbol)
      })
      .toContain('USDC')
    const funded = await contextWithWalletAccount(ACCOUNT_INDEX, DESKTOP)
    ;({ page } = await openDemo({ context: funded }))
    await connectTestWallet(page)
    await modal(page).locator('.account-tokens').getByTestId('token-USDC').waitFor({ timeout: 15_000 })
    await settleAnimations(page)
    await expectNoScroll(page)
    await screenshotBothThemes(page, 'layout-account-desktop')
    // The chain API lists the transfers once it has indexed their block: Activity opens until it does.
    const transfers = modal(page).locator('.activity [data-hash]')
    await expect
      .poll(
        async () => {
          if ((await modal(page).locator('header h2').textContent()) === 'Activity') {
            await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
          }
          await modal(page).getByRole('button', { name: 'Activity', exact: true }).click()
          await transfers.or(modal(page).locator('.empty-state')).first().waitFor()
          return transfers.count()
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(2)
    await screenshotBothThemes(page, 'layout-activity-desktop')
    await funded.close()

    // A phone, the same funded account: Account still fits the 740 px high sheet.
    const phone = await contextWithWalletAccount(ACCOUNT_INDEX, MOBILE)
    const mobile = await openDemo({ context: phone })
    await connectTestWallet(mobile.page)
    await modal(mobile.page).locator('.account-tokens').getByTestId('token-USDC').waitFor()
    await settleAnimations(mobile.page)
    await expectNoScroll(mobile.page)
    await screenshotBothThemes(mobile.page, 'layout-account-mobile')
    await modal(mobile.page).getByRole('button', { name: 'Activity', exact: true }).click()
    await modal(mobile.page).locator('.activity [data-hash]').first().waitFor()
    await screenshotBothThemes(mobile.page, 'layout-activity-mobile')
    await phone.close()
  })
})
