import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  answerInFrame,
  confirmDeviceByMail,
  enterCode,
  readCode,
  saveRecoveryCode,
  startEmailLogin,
  walletLauncher,
  walletSheet,
  walletWindow,
} from './auth-fixtures.js'
import { violations } from './axe-violations.js'
import {
  approveInWallet,
  chainOption,
  closeBrowser,
  connectButton,
  connectTestWallet,
  contextWithWalletAccount,
  modal,
  openAccount,
  overridePageEnv,
  pickTestWallet,
  rejectInWallet,
  stack,
  toast,
  walletPrompt,
  walletRow,
} from './fixtures.js'
import { fundOnChain1, payRepeatedly, visitorAccount } from './visitor-accounts.js'

/**
 * The test wallet's account here: one no other file connects (the modal only opens forms, it never
 * sends). Its history is long enough to scroll Activity: 16 payments beside its two fundings.
 */
const ACCOUNT_INDEX = 20
const PAYMENTS = 16

type Theme = 'dark' | 'light'

/** Puts the demo (and with it the modal) in `theme` with the demo's own toggle. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  // The demo has rendered its toggle (network idle can come first on a busy machine).
  await page.getByRole('button', { name: /^Switch to (light|dark) theme$/ }).waitFor()
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` })
  if (await toggle.isVisible()) await toggle.click()
  await page.getByRole('button', { name: `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme` }).waitFor()
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme)
}

/** Checks views in turn; the test ends by asserting that none had a violation. */
function recorder(page: Page, theme: Theme) {
  const found: Record<string, string[]> = {}
  const checked: string[] = []
  return {
    found,
    checked,
    async check(view: string): Promise<void> {
      // The modal, when open, is in the theme too.
      const host = page.locator('portico-modal')
      if (await host.getByRole('dialog').isVisible())
        await expect(host.getAttribute('data-theme')).resolves.toBe(theme)
      const lines = await violations(page)
      checked.push(view)
      if (lines.length > 0) found[view] = lines
    },
  }
}

const heading = (page: Page, name: string) => modal(page).getByRole('heading', { name }).waitFor()
const back = (page: Page) => modal(page).getByRole('button', { name: 'Back' }).click()
const close = (page: Page) => modal(page).getByRole('button', { name: 'Close' }).click()

describe('accessibility: axe finds no violation of WCAG 2.2 A and AA or best practices', () => {
  beforeAll(async () => {
    await fundOnChain1(visitorAccount(ACCOUNT_INDEX).address, { eth: '1', usdc: '10' })
    await payRepeatedly(visitorAccount(ACCOUNT_INDEX), visitorAccount(ACCOUNT_INDEX + 1).address, PAYMENTS)
  }, 60_000)
  afterAll(closeBrowser)

  for (const theme of ['dark', 'light'] as const) {
    describe(`${theme} theme`, () => {
      let context: BrowserContext
      beforeAll(async () => {
        context = await contextWithWalletAccount(ACCOUNT_INDEX)
        // The visitor takes their time in the wallet's prompt while axe reads the page: the demo's short
        // e2e wallet time-out (for the hanging-wallet test) would end the wait before the check does.
        await overridePageEnv(context, { rpcTimeoutMs: 60_000 })
      })
      afterAll(() => context.close())

      /** A new tab of the visitor's browser on the demo, in the theme. */
      async function openPage(query = ''): Promise<Page> {
        const page = await context.newPage()
        page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
        await page.goto(`${stack().demo}/${query}`, { waitUntil: 'networkidle' })
        await useTheme(page, theme)
        return page
      }

      /** Leaves the page with no wallet connected, whatever an earlier test left behind. */
      async function disconnect(page: Page): Promise<void> {
        const status = page.getByTestId('demo-status')
        await status.getByText(/^(dis)?connected$/).waitFor()
        if ((await status.textContent()) === 'disconnected') return
        if (!(await modal(page).isVisible())) await connectButton(page).click()
        await modal(page)
          .getByRole('button', { name: /^(Disconnect|Sign out)$/ })
          .click()
        await status.getByText('disconnected').waitFor()
      }

      it('the demo page; Connect, All wallets, a wallet to pair with, WalletConnect and Networks', async () => {
        const page = await openPage()
        await disconnect(page)
        const { check, found, checked } = recorder(page, theme)
        await check('demo page')

        await connectButton(page).click()
        await modal(page)
          .getByRole('button', { name: /MetaMask/ })
          .waitFor()
        await check('Connect')

        await modal(page).getByRole('button', { name: 'What is a wallet?' }).click()
        await heading(page, 'Your keys, your account')
        await check('What is a wallet?')
        await back(page)

        await modal(page)
          .getByRole('button', { name: /All wallets/ })
          .click()
        await modal(page).locator('.tile').first().waitFor()
        await check('All wallets')
        const search = modal(page).getByRole('searchbox', { name: 'Search wallets' })
        await search.fill('zzzz-no-such-wallet')
        await modal(page).getByText('No wallet found for “zzzz-no-such-wallet”').waitFor()
        await check('All wallets: nothing found')
        await search.fill('rainbow')
        const tiles = modal(page).locator('.tile')
        await expect.poll(() => tiles.locator('.tile-name').allTextContents()).toEqual(['Rainbow'])
        await tiles.first().click()
        await modal(page).getByRole('img', { name: 'WalletConnect pairing code' }).waitFor()
        await check('a wallet that is not installed (QR code)')

        await back(page)
        await back(page)
        await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
        await modal(page).getByRole('img', { name: 'WalletConnect pairing code' }).waitFor()
        await check('WalletConnect (QR code)')
        await close(page)

        await page.locator('button.portico-network-button').click()
        await heading(page, 'Choose network')
        await check('Networks, not connected')
        await close(page)

        expect(checked).toHaveLength(8)
        expect(found).toEqual({})
        await page.close()
      })

      it('the injected wallet: its chain, waiting for it, declined, then connected', async () => {
        const page = await openPage()
        await disconnect(page)
        const { check, found } = recorder(page, theme)
        await connectButton(page).click()
        await walletRow(page).click()
        await chainOption(page, 'EVM networks').waitFor()
        await check('choosing the chain of a multi-chain wallet')
        await chainOption(page, 'EVM networks').click()
        await walletPrompt(page).waitFor()
        await check('waiting for the wallet (and its prompt)')
        await rejectInWallet(page)
        await modal(page).getByText('Connection declined').waitFor()
        await toast(page).getByText('Request rejected in your wallet').waitFor()
        await check('connection declined (and its toast)')

        await modal(page).getByRole('button', { name: 'Try again' }).click()
        await approveInWallet(page)
        await modal(page).waitFor({ state: 'hidden' })
        await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
        await check('demo page, connected')
        expect(found).toEqual({})
        await page.close()
      })

      it('Account and every view it opens', async () => {
        const page = await openPage()
        const { check, found, checked } = recorder(page, theme)
        // Connected by the test before; connects here when that one did not get that far.
        await page
          .getByTestId('demo-status')
          .getByText(/connected/)
          .waitFor()
        if ((await page.getByTestId('demo-status').textContent()) === 'connected') {
          await connectButton(page).click()
          await modal(page).getByTestId('account-address').waitFor()
        } else await connectTestWallet(page)
        await modal(page).getByRole('list', { name: 'Tokens' }).getByTestId('token-USDC').waitFor()
        await check('Account')

        await modal(page)
          .getByRole('button', { name: /Ethereum/ })
          .first()
          .click()
        await heading(page, 'Choose network')
        await check('Networks')
        await back(page)

        await modal(page).getByRole('button', { name: 'Activity' }).click()
        await heading(page, 'Activity')
        // Every payment listed (pages load as the list scrolls): the content scrolls, and the keyboard
        // reaches it (axe's scrollable-region-focusable).
        const rows = modal(page).locator('li[data-hash]')
        await expect
          .poll(async () => {
            await rows.last().scrollIntoViewIfNeeded()
            return rows.count()
          })
          .toBeGreaterThanOrEqual(PAYMENTS)
        const content = modal(page).locator('.content')
        await expect(
          content.evaluate((element) => element.scrollHeight > element.clientHeight),
        ).resolves.toBe(true)
        await content.evaluate((element) => element.scrollTo({ top: 0 }))
        // A tab stop named by the view: the keyboard scrolls it once there.
        await modal(page).getByRole('region', { name: 'Activity' }).focus()
        await page.keyboard.press('End')
        await expect.poll(() => content.evaluate((element) => element.scrollTop)).toBeGreaterThan(0)
        await content.evaluate((element) => element.scrollTo({ top: 0 }))
        await check('Activity')
        await back(page)

        await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
        await modal(page).getByLabel('Amount', { exact: true }).waitFor()
        await modal(page).getByTestId('send-fee').getByText(/ETH/).waitFor()
        await check('Send')
        await modal(page).getByRole('button', { name: 'Preview send' }).click()
        await modal(page).getByRole('alert').first().waitFor()
        await check('Send: errors')
        await modal(page).getByLabel('Amount', { exact: true }).fill('0.01')
        await modal(page)
          .getByLabel('To', { exact: true })
          .fill(visitorAccount(ACCOUNT_INDEX + 1).address)
        await modal(page).getByRole('button', { name: 'Preview send' }).click()
        await heading(page, 'Preview send')
        await check('Send: preview')
        await back(page)
        await back(page)

        await modal(page).getByRole('button', { name: 'Receive', exact: true }).click()
        await modal(page).getByRole('img', { name: 'QR code of your address' }).waitFor()
        await check('Receive')
        await back(page)

        await modal(page).getByRole('button', { name: 'Swap', exact: true }).click()
        await modal(page).getByTestId('swap-sourceToken').waitFor()
        await modal(page).getByTestId('swap-source-amount').fill('0.1')
        await check('Swap')
        await modal(page).getByTestId('swap-toToken').click()
        await heading(page, 'Select token')
        await check('Swap: select token')
        await modal(page).getByTestId('swap-token-USDC').click()
        await expect.poll(() => modal(page).getByTestId('swap-target-amount').textContent()).toMatch(/[1-9]/)
        await check('Swap: quoted')
        await back(page)

        await modal(page).getByRole('button', { name: 'Buy crypto' }).click()
        await modal(page).getByLabel('Amount').fill('50')
        await modal(page).getByTestId('onramp-quote').waitFor()
        await check('Buy crypto')
        await back(page)

        await modal(page).getByRole('button', { name: 'Choose a name' }).click()
        await modal(page)
          .getByRole('textbox', { name: 'Your name' })
          .fill(`a11y${Date.now().toString(36)}`)
        await modal(page)
          .getByTestId('account-name-status')
          .getByText(/available/i)
          .waitFor()
        await check('Choose a name')
        await back(page)

        await modal(page).getByRole('button', { name: 'Disconnect' }).click()
        await connectButton(page).getByText('Connect wallet').waitFor()
        expect(checked).toHaveLength(12)
        expect(found).toEqual({})
        await page.close()
      })

      it('e-mail sign-in: confirming the device, the code, a wrong code, and the embedded wallet', async () => {
        const page = await openPage()
        await disconnect(page)
        const { check, found } = recorder(page, theme)
        const email = `a11y-${theme}-${Date.now()}@example.com`
        await connectButton(page).click()
        const after = Date.now() - 1000
        await startEmailLogin(page, email)
        await modal(page)
          .getByText(/confirm/i)
          .first()
          .waitFor()
        await check('e-mail: confirm this device')
        await confirmDeviceByMail(context, email, after)
        const code = await readCode(email, after)
        await modal(page).getByRole('textbox', { name: 'Digit 1 of 6' }).waitFor()
        await check('e-mail: code entry')
        await enterCode(page, code === '000000' ? '111111' : '000000')
        await modal(page)
          .getByRole('alert')
          .getByText(/That code is not right/)
          .waitFor()
        await check('e-mail: wrong code')
        await enterCode(page, code)
        await saveRecoveryCode(page)
        await openAccount(page, 20_000)
        await check('Account of the embedded wallet')
        // The wallet frame's approval sheet, asked for by the demo's Sign message.
        await close(page)
        await page.getByRole('button', { name: 'Sign message' }).click()
        await walletLauncher(page).getByRole('button', { name: 'Reject' }).waitFor()
        await check("the wallet frame's launcher")
        // The wallet's approval window, a page of its own: axe checks it whole (landmarks, title, heading).
        const sheet = await walletSheet(page)
        await sheet.getByRole('button', { name: 'Approve', disabled: false }).waitFor()
        const window = await walletWindow(page)
        const lines = await violations(window)
        if (lines.length > 0) found["the wallet's approval window"] = lines
        await answerInFrame(page, 'Reject')
        await walletLauncher(page).waitFor({ state: 'hidden' })
        await connectButton(page).click()
        await modal(page).getByTestId('account-address').waitFor()
        await modal(page).getByRole('button', { name: 'Change e-mail' }).click()
        await modal(page).getByRole('textbox').first().waitFor()
        await check('Change e-mail')
        await back(page)
        await modal(page).getByRole('button', { name: 'Sign out' }).click()
        await connectButton(page).getByText('Connect wallet').waitFor()
        expect(found).toEqual({})
        await page.close()
      })

      it('social sign-in: waiting on the provider window, and the window closed', async () => {
        const page = await openPage()
        await disconnect(page)
        const { check, found } = recorder(page, theme)
        await connectButton(page).click()
        const opened = context.waitForEvent('page')
        await modal(page).getByRole('button', { name: 'Continue with GitHub' }).click()
        const popup = await opened
        await modal(page).getByText('Finish signing in in the GitHub window.').waitFor()
        await check('social: waiting on the provider window')
        await popup.getByLabel('Username').waitFor()
        await popup.close()
        await modal(page).getByText('The sign-in window was closed before you finished.').waitFor()
        await check('social: window closed')
        expect(found).toEqual({})
        await page.close()
      })

      it('Sign-In With Ethereum', async () => {
        const page = await openPage('?siwe=1')
        await disconnect(page)
        const { check, found } = recorder(page, theme)
        await check('demo page with SIWE')
        await connectButton(page).click()
        await pickTestWallet(page)
        await approveInWallet(page)
        await heading(page, 'Portico demo asks you to sign in')
        await check('SIWE: sign in')
        await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
        await rejectInWallet(page)
        await modal(page)
          .getByRole('button', { name: /try again/i })
          .waitFor()
        await check('SIWE: declined')
        await close(page)
        expect(found).toEqual({})
        await page.close()
      })
    })
  }
})
