import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  connectButton,
  DEV_ADDRESS,
  getBrowser,
  modal,
  screenshot,
  settleAnimations,
  stack,
  toast,
} from './fixtures.js'

// Sign-In With Ethereum over WalletConnect: a wallet with one-click auth (wc_sessionAuthenticate)
// connects and signs in with one approval; one without it connects, then signs in on ConnectingSiwe.
// Only signatures: no account's funds move.

async function openSiweDemo(): Promise<{ page: Page; context: BrowserContext }> {
  const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
  await page.goto(`${stack().demo}/?siwe=1`)
  return { page, context }
}

/** The WalletConnect test wallet page; `oneClickAuth: false` makes it a wallet that only answers proposals. */
async function openWcWallet(oneClickAuth: boolean): Promise<{ wallet: Page; walletContext: BrowserContext }> {
  const walletContext = await (await getBrowser()).newContext({ viewport: { width: 900, height: 900 } })
  const wallet = await walletContext.newPage()
  wallet.on('pageerror', (error) => console.error(`[wallet page error] ${error.message}`))
  const query = new URLSearchParams({ relay: stack().relay, rpc: stack().devnet })
  if (!oneClickAuth) query.set('oneClickAuth', '0')
  await wallet.goto(`${stack().wallet}/wc.html?${query}`)
  await wallet.locator('body[data-ready="true"]').waitFor()
  return { wallet, walletContext }
}

const signInStep = (page: Page) =>
  modal(page).getByRole('heading', { name: 'Portico demo asks you to sign in' })
const sessionCell = (page: Page) => page.getByTestId('siwe-session')
const signInRequest = (wallet: Page) => wallet.getByRole('region', { name: 'Sign-in request' })
const backendSession = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/siwe/session')).json()).session)

/** Opens Pairing in the dApp and pastes its URI into the wallet page; returns the URI. */
async function pair(page: Page, wallet: Page): Promise<string> {
  await connectButton(page).click()
  await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
  const uri = modal(page).getByRole('button', { name: 'Copy link' })
  await uri.waitFor()
  await modal(page).getByRole('img', { name: 'WalletConnect pairing code' }).waitFor()
  const text = (await uri.getAttribute('data-uri')) as string
  expect(text).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.getByLabel('Pairing URI').fill(text)
  await wallet.getByRole('button', { name: 'Pair' }).click()
  return text
}

/** Notes in the page whether the modal ever showed the ConnectingSiwe step from now on. */
async function watchForSignInStep(page: Page) {
  await page.evaluate(() => {
    const root = document.querySelector('portico-modal')?.shadowRoot ?? document.body
    const state = window as unknown as { sawSignInStep: boolean }
    state.sawSignInStep = false
    const check = () => {
      if (root.textContent?.includes('asks you to sign in')) state.sawSignInStep = true
    }
    check()
    new MutationObserver(check).observe(root, { subtree: true, childList: true, characterData: true })
  })
}
const sawSignInStep = (page: Page) =>
  page.evaluate(() => (window as unknown as { sawSignInStep: boolean }).sawSignInStep)

/** Counts the dApp's calls to its SIWE backend. */
function countBackendCalls(page: Page) {
  const calls = { nonce: 0, verify: 0 }
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/api/siwe/nonce') calls.nonce++
    if (pathname === '/api/siwe/verify') calls.verify++
  })
  return calls
}

describe('Sign-In With Ethereum over WalletConnect', () => {
  afterAll(closeBrowser)

  it('connects and signs in with one approval in a wallet with one-click auth', async () => {
    const { page, context } = await openSiweDemo()
    const { wallet, walletContext } = await openWcWallet(true)
    const calls = countBackendCalls(page)
    await expect.poll(() => sessionCell(page).textContent()).toBe('Not signed in')

    await pair(page, wallet)
    await watchForSignInStep(page)
    // The wallet shows the dApp's EIP-4361 message, on the chain the dApp starts on.
    const message = signInRequest(wallet).locator('pre.message')
    await message.waitFor()
    const text = (await message.textContent()) as string
    expect(text).toContain(`wants you to sign in with your Ethereum account:\n${DEV_ADDRESS}`)
    expect(text).toContain('Sign in to the Portico demo.')
    expect(text).toContain(`URI: ${stack().demo}`)
    expect(text).toContain('Chain ID: 1\n')
    expect(await wallet.getByRole('region', { name: 'Session proposal' }).count()).toBe(0)
    await screenshot(wallet, 'siwe-walletconnect-one-click-wallet')
    await signInRequest(wallet).getByRole('button', { name: 'Approve' }).click()

    await modal(page).waitFor({ state: 'hidden' })
    await expect.poll(() => sessionCell(page).textContent()).toBe(`${DEV_ADDRESS} (chain 1)`)
    expect(await backendSession(page)).toMatchObject({ address: DEV_ADDRESS, chainId: 1 })
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    // One approval, one signature: no ConnectingSiwe step and no personal_sign request after it.
    expect(await sawSignInStep(page)).toBe(false)
    expect(await wallet.getByRole('listitem', { name: /^Request / }).count()).toBe(0)
    expect(calls).toEqual({ nonce: 1, verify: 1 })
    await wallet.getByRole('listitem', { name: 'Session with Portico demo' }).waitFor()

    // The session that came with the sign-in carries requests, and survives a reload signed in.
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    await expect.poll(() => sessionCell(page).textContent()).toBe(`${DEV_ADDRESS} (chain 1)`)
    expect(await modal(page).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await wallet
      .getByRole('listitem', { name: 'Request personal_sign' })
      .getByRole('button', { name: 'Approve' })
      .click()
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()
    await walletContext.close()
    await context.close()
  })

  it('falls back to ConnectingSiwe with a wallet without one-click auth', async () => {
    const { page, context } = await openSiweDemo()
    const { wallet, walletContext } = await openWcWallet(false)
    await pair(page, wallet)
    await watchForSignInStep(page)
    await wallet
      .getByRole('region', { name: 'Session proposal' })
      .getByRole('button', { name: 'Approve' })
      .click()
    await signInStep(page).waitFor()
    // The watcher the one-click test relies on sees the step when it shows.
    expect(await sawSignInStep(page)).toBe(true)
    expect(await backendSession(page)).toBeNull()

    await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await wallet
      .getByRole('listitem', { name: 'Request personal_sign' })
      .getByRole('button', { name: 'Approve' })
      .click()
    await modal(page).waitFor({ state: 'hidden' })
    expect(await backendSession(page)).toMatchObject({ address: DEV_ADDRESS, chainId: 1 })
    await walletContext.close()
    await context.close()
  })

  it('says the wallet declined the one-click sign-in, and a new link signs in', async () => {
    const { page, context } = await openSiweDemo()
    const { wallet, walletContext } = await openWcWallet(true)
    const first = await pair(page, wallet)
    await signInRequest(wallet).getByRole('button', { name: 'Reject' }).click()
    await toast(page).getByText('Request rejected in your wallet').waitFor()
    await page.getByTestId('demo-status').getByText('disconnected').waitFor()
    expect(await backendSession(page)).toBeNull()
    await settleAnimations(page)
    await screenshot(page, 'siwe-walletconnect-declined')

    // Retry: a new pairing link, approved this time.
    await modal(page).getByRole('button', { name: 'New link' }).click()
    const copy = modal(page).locator(`button[data-uri^="wc:"]:not([data-uri="${first}"])`)
    await copy.waitFor()
    await wallet.getByLabel('Pairing URI').fill((await copy.getAttribute('data-uri')) as string)
    await wallet.getByRole('button', { name: 'Pair' }).click()
    await signInRequest(wallet).getByRole('button', { name: 'Approve' }).click()
    await modal(page).waitFor({ state: 'hidden' })
    await expect.poll(() => sessionCell(page).textContent()).toBe(`${DEV_ADDRESS} (chain 1)`)
    await walletContext.close()
    await context.close()
  })
})
