import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { inject } from 'vitest'
import { freePort } from './free-port.js'
import { launchChromium } from './launch-chromium.js'

export const stack = () => inject('stack')

export const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const DEV_ADDRESS_SHORT = '0xf39F…2266'

let browser: Browser | undefined

export async function getBrowser(): Promise<Browser> {
  browser ??= await launchChromium()
  return browser
}

export async function closeBrowser(): Promise<void> {
  await browser?.close()
  browser = undefined
}

/**
 * A fresh context whose injected test wallet holds dev account `accountIndex` (so a test's sends and
 * names stay off the accounts other files use). The page sets the wallet's config itself (its devnet
 * URL): the account index joins whatever it sets.
 */
export async function contextWithWalletAccount(
  accountIndex: number,
  viewport = { width: 1200, height: 800 },
): Promise<BrowserContext> {
  const context = await (await getBrowser()).newContext({ viewport, colorScheme: 'dark' })
  await context.addInitScript((index) => {
    let config: object = {}
    Object.defineProperty(window, '__PORTICO_TEST_WALLET__', {
      configurable: true,
      get: () => config,
      set: (value: object) => {
        config = { ...value, accountIndex: index }
      },
    })
  }, accountIndex)
  return context
}

/**
 * Overrides the service URLs (or other fields) the stack writes into the demo page as `__PORTICO_ENV__`,
 * for every page of `context`: the demo's config reads them when it loads.
 */
export async function overridePageEnv(
  context: BrowserContext,
  overrides: Record<string, unknown>,
): Promise<void> {
  await context.addInitScript((fields) => {
    let env: object = {}
    Object.defineProperty(window, '__PORTICO_ENV__', {
      configurable: true,
      get: () => env,
      set: (value: object) => {
        env = { ...value, ...fields }
      },
    })
  }, overrides)
}

/** A port nothing listens on: the system hands it out, and it is released at once. */
export const closedPort = freePort

/** A fresh visitor: new context (empty storage) on the demo page (`path`: its query, e.g. `/?prefetch=intent`). */
export async function openDemo(
  options: { context?: BrowserContext; waitForIdle?: boolean; path?: string } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context =
    options.context ??
    // Dark unless a test asks otherwise: the demo follows the system colour scheme.
    (await (await getBrowser()).newContext({ viewport: { width: 1200, height: 800 }, colorScheme: 'dark' }))
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
  await page.goto(`${stack().demo}${options.path ?? ''}`, {
    waitUntil: options.waitForIdle ? 'networkidle' : 'load',
  })
  return { page, context }
}

export const connectButton = (page: Page) => page.locator('button.portico-connect-button')
export const modal = (page: Page) => page.getByRole('dialog', { name: /.+/ }).and(page.locator('.dialog'))
export const walletPrompt = (page: Page) => page.getByRole('dialog', { name: 'Portico Test Wallet request' })
export const toast = (page: Page) => page.locator('portico-modal').locator('.toast')
export const walletBadge = (page: Page) => page.locator('#portico-test-wallet-badge')

export async function approveInWallet(page: Page): Promise<void> {
  await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
}

export async function rejectInWallet(page: Page): Promise<void> {
  await walletPrompt(page).getByRole('button', { name: 'Reject' }).click()
}

export function walletRow(page: Page, name = 'Portico Test Wallet'): Locator {
  return modal(page).getByRole('button', { name: new RegExp(name) })
}

/** The chain picker's option of a multi-chain wallet (the test wallet is one: EVM and Solana), in English or German. */
export type TestWalletChain = 'EVM networks' | 'Solana' | 'EVM-Netzwerke'
export const chainOption = (page: Page, chain: TestWalletChain): Locator =>
  modal(page).getByRole('list', { name: 'Chains' }).getByRole('button', { name: chain })

/**
 * Picks the test wallet's row, then its chain (EVM unless said otherwise) when the modal asks: it does not
 * when the visitor chose a network before connecting.
 */
export async function pickTestWallet(page: Page, chain: TestWalletChain = 'EVM networks'): Promise<void> {
  await walletRow(page).click()
  const option = chainOption(page, chain)
  await option.or(walletPrompt(page)).first().waitFor()
  if (await option.isVisible()) await option.click()
}

/** Connects the test wallet (on EVM) through the modal, the way a visitor does. */
export async function connectTestWallet(page: Page, chain: TestWalletChain = 'EVM networks'): Promise<void> {
  if (!(await modal(page).isVisible())) await connectButton(page).click()
  await pickTestWallet(page, chain)
  await approveInWallet(page)
  await openAccount(page)
}

/** Once connected the modal closes by itself; the visitor opens it again, on Account. */
/** In Account: opens the network list from the active network's button and switches, as a visitor does. */
export async function switchNetworkInAccount(
  page: Page,
  from: string,
  to: string,
  chainId: number,
): Promise<void> {
  await modal(page)
    .getByRole('button', { name: new RegExp(from) })
    .click()
  await modal(page)
    .getByRole('button', { name: new RegExp(to) })
    .click()
  await toast(page).getByText(`Switched to ${to}`).waitFor()
  await page.getByTestId('demo-network').getByText(`${to} (${chainId})`).waitFor()
}

export async function openAccount(page: Page, timeout?: number): Promise<void> {
  await modal(page).waitFor({ state: 'hidden', ...(timeout ? { timeout } : {}) })
  await connectButton(page).click()
  await modal(page).getByTestId('account-address').waitFor()
  // Its opening transition has ended (screenshots show the modal, not the page through it).
  await settleAnimations(page)
}

/** Resolves once the page's finite animations (transitions, the modal's opening) have finished; spinners run on. */
export function settleAnimations(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/** Sets the page's and the modal's theme, as the demo's toggle does. */
export const setPageTheme = (page: Page, theme: 'dark' | 'light') =>
  page.evaluate((theme) => {
    document.documentElement.dataset.theme = theme
    const host = document.querySelector('portico-modal') as HTMLElement | null
    if (host) host.dataset.theme = theme
  }, theme)

/**
 * Review captures, for people looking at the UI (`npm run screenshots` writes them to e2e/screenshots):
 * taken only under PORTICO_SCREENSHOTS=1. `npm test` takes none, since a picture compared with nothing
 * asserts nothing; what must look a given way is compared with a committed baseline (visual-baseline.ts).
 */
const reviewCaptures = process.env.PORTICO_SCREENSHOTS === '1'

/** Review captures `<name>-dark` and `<name>-light` of the page once animations end; dark again after. */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  if (!reviewCaptures) return
  await settleAnimations(page)
  for (const theme of ['dark', 'light'] as const) {
    await setPageTheme(page, theme)
    await screenshot(page, `${name}-${theme}`)
  }
  await setPageTheme(page, 'dark')
}

/** A review capture of the page (see `reviewCaptures`). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!reviewCaptures) return
  const dir = join(import.meta.dirname, 'screenshots')
  await mkdir(dir, { recursive: true })
  await page.screenshot({ path: join(dir, `${name}.png`) })
}

/**
 * Starts noting, frame by frame, every toast text the page draws in full (faded in: a toast replaced
 * while it still fades in is never really seen by the visitor, nor noted); the returned function reads
 * them in order.
 */
export async function watchToastFrames(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { toastFrames: string[] }).toastFrames = seen
    const look = () => {
      const toast = document.querySelector('portico-modal')?.shadowRoot?.querySelector('.toast')
      const text = toast && getComputedStyle(toast).opacity === '1' ? toast.textContent : undefined
      if (text && seen.at(-1) !== text) seen.push(text)
      requestAnimationFrame(look)
    }
    look()
  })
  return () => page.evaluate(() => [...(window as unknown as { toastFrames: string[] }).toastFrames])
}

/** Measured in the page: from a click on the connect button (no hover before it) to the first wallet row. */
export async function measureClickToFirstRow(
  page: Page,
  button = '.portico-connect-button',
): Promise<number> {
  // The page's button renders with React: the click is measured once it is there.
  await page.locator(button).first().waitFor()
  return page.evaluate(
    (button) =>
      new Promise<number>((resolve) => {
        const start = performance.now()
        const check = () => {
          const row = document.querySelector('portico-modal')?.shadowRoot?.querySelector('.list .row')
          if (row) resolve(performance.now() - start)
          else requestAnimationFrame(check)
        }
        ;(document.querySelector(button) as HTMLButtonElement).click()
        check()
      }),
    button,
  )
}

/** Account's action rows: for each, the width (px, rounded) it leaves empty at the end of the list. */
export function actionRowGaps(page: Page): Promise<number[]> {
  return modal(page)
    .locator('.actions')
    .evaluate((list) => {
      const edge = list.getBoundingClientRect()
      const rows = new Map<number, number>()
      for (const item of list.children) {
        const box = item.getBoundingClientRect()
        rows.set(Math.round(box.top), Math.max(rows.get(Math.round(box.top)) ?? 0, box.right))
      }
      return [...rows.values()].map((right) => Math.max(0, Math.round(edge.right - right)))
    })
}

/** Action labels that the tile wraps inside a word (at a hyphen or anywhere but a space). */
export function actionLabelsSplitMidWord(page: Page): Promise<string[]> {
  return modal(page)
    .locator('.actions')
    .evaluate((list) =>
      [...list.querySelectorAll('button')].flatMap((button) => {
        // Each word's characters must sit on one line.
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT)
        const range = document.createRange()
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          let offset = 0
          for (const word of (text.textContent ?? '').split(' ')) {
            range.setStart(text, offset)
            range.setEnd(text, offset + word.length)
            if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1)
              return [button.textContent ?? '']
            offset += word.length + 1
          }
        }
        return []
      }),
    )
}

/** Puts the demo in `theme` with its own toggle, from whichever it opened in (it follows the system's). */
export async function chooseDemoTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.getByRole('button', { name: /^Switch to (light|dark) theme$/ }).waitFor()
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme)
    await page.getByRole('button', { name: `Switch to ${theme} theme` }).click()
  await page.getByRole('button', { name: `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme` }).waitFor()
}
