import type { BrowserContext, Page } from 'playwright-core'
import { parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import arabicCore from '../packages/core/src/i18n/locales/ar.js'
import arabicFrame from '../packages/frame/src/page/frame-locales/ar.js'
import hebrewFrame from '../packages/frame/src/page/frame-locales/he.js'
import arabic from '../packages/react/src/locales/ar.js'
import german from '../packages/react/src/locales/de.js'
import hebrewMail from '../services/auth/src/mail-locales/he.js'
import { waitForMail, walletLauncher } from './auth-fixtures.js'
import { violations } from './axe-violations.js'
import { atBothSizes, clippedText, DESKTOP, PHONE, SCRIPTS } from './clipped-text.js'
import {
  closeBrowser,
  connectButton,
  connectTestWallet,
  contextWithWalletAccount,
  getBrowser,
  modal,
  openAccount,
  screenshot,
  setPageTheme,
  settleAnimations,
  stack,
} from './fixtures.js'
import { fundOnChain1, visitorAccount } from './visitor-accounts.js'

/** The test wallet's account here: one no other file uses (it receives, and never sends). */
const ACCOUNT_INDEX = 47

const dialog = (page: Page) => page.locator('portico-modal').locator('.dialog')
const heading = (page: Page) => dialog(page).locator('h2').first()

/** The language the modal speaks now, as its dialog says it. */
const dialogLanguage = (page: Page) =>
  dialog(page).evaluate((element) => ({
    lang: element.closest('[lang]')?.getAttribute('lang'),
    dir: getComputedStyle(element).direction,
  }))

/** Switches the modal's language while the page runs (the demo's console helper, core's `setLocale`). */
const switchLocale = (page: Page, locale: string) =>
  page.evaluate(
    (tag) => (window as unknown as { porticoSetLocale(l: string): Promise<void> }).porticoSetLocale(tag),
    locale,
  )

/** What axe finds in the light theme and in the dark one, each line saying which; dark again after. */
async function violationsInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const theme of ['light', 'dark'] as const) {
    await setPageTheme(page, theme)
    found.push(...(await violations(page)).map((violation) => `${theme}: ${violation}`))
  }
  return found
}

/**
 * The view at 1280x800 and at 375 px, screenshot at each (`languages-<name>-1280`, `-375`), with no text
 * in `script` cut off, over what is beside it, or out of the dialog; desktop size again after.
 */
async function expectWholeAtBothSizes(page: Page, name: string, script: RegExp): Promise<void> {
  await atBothSizes(page, async (size) => {
    await settleAnimations(page)
    expect(await clippedText(page, script), `${name} at ${size}`).toEqual([])
    // Nothing runs out of the dialog sideways, whatever the translation's length.
    expect(
      await dialog(page).evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
      `${name} at ${size}`,
    ).toBe(true)
    await screenshot(page, `languages-${name}-${size}`)
  })
}

/** In a right-to-left dialog the close button sits at the left end of the header, the heading at the right. */
async function isLaidOutRightToLeft(page: Page): Promise<boolean> {
  const close = await dialog(page).getByRole('button', { name: arabic.modal.close }).boundingBox()
  const title = await heading(page).boundingBox()
  return close !== null && title !== null && close.x + close.width <= title.x
}

/** The box of the element focused in the modal (inside its shadow root), and what it is called. */
const focusedInModal = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector('portico-modal')?.shadowRoot?.activeElement
    const box = element?.getBoundingClientRect()
    return box && element
      ? {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
          left: box.left,
          right: box.right,
          top: box.top,
          bottom: box.bottom,
        }
      : undefined
  })

/** Starts a transaction through the demo's own embedded-wallet provider, as a dApp's code does. */
const sendThroughEmbeddedWallet = (page: Page, tx: { from: string; to: string; value: string }) =>
  page.evaluate((tx) => {
    const { portico } = window as unknown as {
      portico: { auth: { provider(): { request(args: unknown): Promise<unknown> } } }
    }
    void portico.auth
      .provider()
      .request({ method: 'eth_sendTransaction', params: [tx] })
      .catch(() => {})
  }, tx)

/** In the dialog: each amount-and-symbol ("1.5 ETH") drawn with its symbol left of its number. */
function amountsWithSymbolFirst(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('portico-modal')?.shadowRoot?.querySelector('.dialog')
    if (!root) return ['no dialog']
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const found: string[] = []
    const range = document.createRange()
    const left = (start: number, end: number, node: Node) => {
      range.setStart(node, start)
      range.setEnd(node, end)
      return range.getBoundingClientRect().left
    }
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (const match of text.matchAll(
        /([\d\u0660-\u0669][\d\u0660-\u0669.,\u066b\u066c]*) (ETH|USDC|WBTC|DAI)/g,
      )) {
        const at = match.index ?? 0
        const number = left(at, at + (match[1]?.length ?? 0), node)
        const symbol = left(at + (match[1]?.length ?? 0) + 1, at + match[0].length, node)
        if (symbol < number) found.push(match[0])
      }
    }
    return found
  })
}

describe('every visitor in their own language', () => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    await fundOnChain1(visitorAccount(ACCOUNT_INDEX).address, { eth: '1', usdc: '25' })
    context = await contextWithWalletAccount(ACCOUNT_INDEX, DESKTOP)
  })
  afterAll(async () => {
    await context.close()
    await closeBrowser()
  })

  it('Arabic: the Connect view right-to-left, translated, read in order by keyboard, with no axe violation in either theme, on desktop and at 375 px; German too', async () => {
    page = await context.newPage()
    await page.goto(`${stack().demo}/?locale=ar`, { waitUntil: 'networkidle' })
    await connectButton(page).click()
    await heading(page).waitFor()
    // The page's own button speaks Arabic too, from the modal's first load on.
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 10_000 })
      .toBe(arabicCore.core.connectWallet)
    expect(await dialogLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' })
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(arabic['wallet-list'].connectTitle)
    expect(await isLaidOutRightToLeft(page)).toBe(true)
    expect(await violationsInBothThemes(page)).toEqual([])
    await expectWholeAtBothSizes(page, 'ar-connect', SCRIPTS.ar)

    // Keyboard order follows the reading order, right to left: from the header's first button (its right
    // end) Tab goes leftwards along a row, and down to the next row only once the row is done.
    // Connect starts on the dialog: the first Tab reaches the header's first button.
    await expect.poll(async () => (await focusedInModal(page))?.top).toBeGreaterThan(0)
    await page.keyboard.press('Tab')
    const order = [await focusedInModal(page)]
    for (let presses = 0; presses < 8; presses++) {
      await page.keyboard.press('Tab')
      order.push(await focusedInModal(page))
    }
    const steps = order.slice(1).map((to, index) => {
      const from = order[index]
      if (!from || !to) throw new Error('focus left the modal')
      return { from, to, sameRow: to.top < from.bottom && to.bottom > from.top }
    })
    // The header's two buttons, and the social sign-in buttons, are rows of several.
    expect(steps.filter((step) => step.sameRow).length).toBeGreaterThanOrEqual(3)
    for (const { from, to, sameRow } of steps) {
      const step = `${from.name} → ${to.name}`
      if (sameRow) expect(to.right, step).toBeLessThanOrEqual(from.left + 1)
      else expect(to.top, step).toBeGreaterThanOrEqual(from.bottom - 1)
    }

    // German: long words, left to right again, on the same view.
    await switchLocale(page, 'de')
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(german['wallet-list'].connectTitle)
    expect(await dialogLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' })
    expect(await violationsInBothThemes(page)).toEqual([])
    await screenshot(page, 'languages-de-connect-1280')
  })

  it('switches language while the page runs: Account, Activity, Send and Swap in English, Arabic and German, at 1280 and 375 px', async () => {
    await switchLocale(page, 'en')
    await page.keyboard.press('Escape')
    await page.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
    })
    await connectTestWallet(page)
    expect(await heading(page).textContent()).toBe('Account')

    // Each view, reached from Account and back: Activity groups by month, named in the visitor's language.
    const eachView = async (
      names: { activity: string; send: string; swap: string; back: string },
      check: (view: string) => Promise<void>,
    ): Promise<void> => {
      for (const [view, ready] of [
        ['activity', '.group-title'],
        ['send', 'input'],
        ['swap', 'input'],
      ] as const) {
        await dialog(page).getByRole('button', { name: names[view], exact: true }).click()
        await dialog(page).locator(ready).first().waitFor({ timeout: 20_000 })
        await check(view)
        await dialog(page).getByRole('button', { name: names.back }).click()
        await dialog(page).getByTestId('account-address').waitFor()
      }
    }
    const namesIn = (words: typeof arabic | typeof german) => ({
      activity: words.activity.activity,
      send: words.send.send,
      swap: words.swap.swap,
      back: words.modal.back,
    })

    // English first: what the translations are compared with.
    await expectWholeAtBothSizes(page, 'en-account', SCRIPTS.latin)
    await eachView({ activity: 'Activity', send: 'Send', swap: 'Swap', back: 'Back' }, (view) =>
      expectWholeAtBothSizes(page, `en-${view}`, SCRIPTS.latin),
    )

    await switchLocale(page, 'ar')
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(arabic.account.accountTitle)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    expect(await dialogLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' })
    expect(await isLaidOutRightToLeft(page)).toBe(true)
    expect(await violationsInBothThemes(page)).toEqual([])
    await expectWholeAtBothSizes(page, 'ar-account', SCRIPTS.ar)
    const month = new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(),
    )
    await eachView(namesIn(arabic), async (view) => {
      await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toMatch(SCRIPTS.ar)
      if (view === 'activity')
        expect(await dialog(page).locator('.group-title').first().textContent()).toBe(month)
      // An amount and its symbol read as one left-to-right unit ("1 ETH", never "ETH 1").
      else expect(await amountsWithSymbolFirst(page), view).toEqual([])
      expect(await violationsInBothThemes(page), view).toEqual([])
      await expectWholeAtBothSizes(page, `ar-${view}`, SCRIPTS.ar)
    })

    // German: the long words of the catalogue, left to right again.
    await switchLocale(page, 'de')
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(german.account.accountTitle)
    expect(await dialogLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' })
    expect(await violationsInBothThemes(page)).toEqual([])
    await eachView(namesIn(german), async (view) => {
      expect(await violationsInBothThemes(page), view).toEqual([])
      await screenshot(page, `languages-de-${view}-1280`)
    })
    await page.close()
  })

  it('a Hebrew visitor signs in by e-mail in Hebrew, code mail included; in Arabic the wallet window asks right to left', async () => {
    const visitor = await (await getBrowser()).newContext({ viewport: DESKTOP })
    const page = await visitor.newPage()
    await page.goto(`${stack().demo}/?locale=he`, { waitUntil: 'networkidle' })
    await connectButton(page).click()
    const email = `hebrew-${Date.now()}@example.com`
    const sentAfter = Date.now() - 1000
    await modal(page).locator('input[type=email]').fill(email)
    await modal(page).locator('form.email-form button[type=submit]').click()
    const mail = await waitForMail(email, () => true, { after: sentAfter })
    expect(mail.subject).toBe(hebrewMail.deviceSubject)

    // The mailed link opens a Hebrew page; confirming it sends the code, in a Hebrew mail.
    const link = /https?:\/\/\S+device\/confirm\S*/.exec(mail.text)?.[0] ?? ''
    const confirm = await visitor.newPage()
    await confirm.goto(link)
    expect(
      await confirm.locator('html').evaluate((html) => [html.getAttribute('lang'), html.getAttribute('dir')]),
    ).toEqual(['he', 'rtl'])
    await confirm.getByRole('button', { name: hebrewMail.confirmDeviceButton }).click()
    await confirm.getByRole('heading', { name: hebrewMail.deviceConfirmedTitle }).waitFor()
    await confirm.close()
    const [before, after] = hebrewMail.codeSubject.split('{code}') as [string, string]
    const codeMail = await waitForMail(email, (candidate) => candidate.subject.startsWith(before), {
      after: sentAfter,
    })
    const code = codeMail.subject.slice(before.length, codeMail.subject.length - after.length)
    expect(code).toMatch(/^\d{6}$/)
    expect(codeMail.text).toContain(hebrewMail.codeBody.split('{code}')[0])

    await modal(page).locator('input.otp-box').first().fill(code)
    // The wallet frame's sheet for the recovery code speaks Hebrew, right to left.
    const protect = page
      .frameLocator('iframe[name="portico-auth"]')
      .getByRole('dialog', { name: hebrewFrame.protectTitle })
    await protect.waitFor({ timeout: 20_000 })
    expect(await protect.evaluate((sheet) => getComputedStyle(sheet).direction)).toBe('rtl')
    await protect.getByRole('button', { name: hebrewFrame.savedCode }).click()
    await openAccount(page, 20_000)
    const address = (await page.getByTestId('demo-address').textContent()) as `0x${string}`
    await fundOnChain1(address, { eth: '1' })

    // In Arabic, a transaction the dApp asks for opens the wallet's window in Arabic, right to left.
    await switchLocale(page, 'ar')
    await expect
      .poll(() => heading(page).textContent(), { timeout: 10_000 })
      .toBe(arabic.account.accountTitle)
    const to = privateKeyToAddress(generatePrivateKey())
    await sendThroughEmbeddedWallet(page, {
      from: address,
      to,
      value: toHex(parseEther('1234.25') / 10_000n),
    })
    const opened = visitor.waitForEvent('page')
    await walletLauncher(page).getByRole('button', { name: arabicFrame.reviewInWindow }).click()
    const approvalWindow = await opened
    const sheet = approvalWindow.getByRole('dialog', { name: arabicFrame.approveTitle })
    await sheet
      .getByRole('button', { name: arabicFrame.approve, disabled: false })
      .waitFor({ timeout: 20_000 })
    expect(
      await approvalWindow
        .locator('main')
        .evaluate((main) => [main.getAttribute('lang'), getComputedStyle(main).direction]),
    ).toEqual(['ar', 'rtl'])
    // The origin, the address and the amounts stay left to right inside the Arabic text.
    expect(await sheet.locator('#portico-approval-from bdi[dir=ltr]').textContent()).toBe(
      new URL(stack().demo).origin,
    )
    const values = await sheet.locator('dd bdi[dir=ltr]').allTextContents()
    expect(values).toContain(to)
    const amount = await approvalWindow.evaluate(() =>
      new Intl.NumberFormat('ar', { maximumFractionDigits: 6 }).format(0.123425),
    )
    expect(values).toContain(`${amount} ETH`)
    // Laid out right to left: each term at the right of its value, Reject (first) at the right of Approve.
    const term = await sheet.locator('dt').first().boundingBox()
    const value = await sheet.locator('dd').first().boundingBox()
    expect(term && value && term.x > value.x).toBe(true)
    const reject = await sheet.getByRole('button', { name: arabicFrame.reject }).boundingBox()
    const approve = await sheet.getByRole('button', { name: arabicFrame.approve }).boundingBox()
    expect(reject && approve && reject.x > approve.x).toBe(true)
    expect(await violations(approvalWindow)).toEqual([])
    for (const size of ['window', '375'] as const) {
      if (size === '375') await approvalWindow.setViewportSize(PHONE)
      const fits = await approvalWindow
        .locator('.sheet')
        .evaluate((element) => element.scrollWidth <= element.clientWidth + 1)
      expect(fits, size).toBe(true)
      await screenshot(approvalWindow, `languages-ar-approval-${size}`)
    }
    const closed = approvalWindow.waitForEvent('close')
    await sheet.getByRole('button', { name: arabicFrame.reject }).click()
    await closed
    await visitor.close()
  }, 120_000)
})
