import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  answerInFrame,
  confirmDeviceByMail,
  enterCode,
  readCode,
  saveRecoveryCode,
  startEmailLogin,
} from './auth-fixtures.js'
import {
  approveInWallet,
  chooseDemoTheme,
  closeBrowser,
  connectButton,
  DEV_ADDRESS,
  getBrowser,
  modal,
  pickTestWallet,
  rejectInWallet,
  screenshot,
  settleAnimations,
  stack,
} from './fixtures.js'

/** The demo with Sign-In With Ethereum on (it is opt-in: the other flows expect the modal to close). */
async function openSiweDemo(
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await (await getBrowser()).newContext({ viewport })
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`))
  await page.goto(`${stack().demo}/?siwe=1`)
  return { page, context }
}

const signInStep = (page: Page) =>
  modal(page).getByRole('heading', { name: 'Portico demo asks you to sign in' })
const sessionCell = (page: Page) => page.getByTestId('siwe-session')

/** What the demo's backend says about this browser's cookie session. */
const backendSession = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/api/siwe/session')).json()).session)

/** Connects the test wallet; the modal stays open on ConnectingSiwe. */
async function connect(page: Page) {
  await connectButton(page).click()
  await pickTestWallet(page)
  await approveInWallet(page)
  await signInStep(page).waitFor()
}

async function signIn(page: Page) {
  await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
  await approveInWallet(page)
  await modal(page).waitFor({ state: 'hidden' })
  await expect.poll(() => sessionCell(page).textContent()).toBe(`${DEV_ADDRESS} (chain 1)`)
}

describe('Sign-In With Ethereum', () => {
  afterAll(closeBrowser)

  it('signs in after connecting the injected wallet, keeps the session over a reload, and signs out', async () => {
    const { page, context } = await openSiweDemo()
    await expect.poll(() => sessionCell(page).textContent()).toBe('Not signed in')
    await connect(page)
    const verified = page.waitForRequest((request) => request.url().endsWith('/api/siwe/verify'))
    await signIn(page)
    expect(await backendSession(page)).toMatchObject({ address: DEV_ADDRESS, chainId: 1 })

    // The signed message is spent: the backend refuses it a second time.
    const replayed = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/siwe/verify', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        return { status: response.status, body: await response.json() }
      },
      (await verified).postData() as string,
    )
    expect(replayed).toMatchObject({ status: 401, body: { error: { code: 'NONCE_REUSED' } } })

    // A reload keeps the session: the modal does not ask again once the runtime has read it too
    // (the demo's card reads it once, the modal's runtime once).
    let sessionReads = 0
    page.on('response', (response) => {
      if (response.url().endsWith('/api/siwe/session')) sessionReads++
    })
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor()
    await expect.poll(() => sessionReads).toBeGreaterThanOrEqual(2)
    await expect.poll(() => sessionCell(page).textContent()).toBe(`${DEV_ADDRESS} (chain 1)`)
    expect(await modal(page).isVisible()).toBe(false)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => sessionCell(page).textContent()).toBe('Not signed in')
    expect(await backendSession(page)).toBeNull()
    await expect(page.getByTestId('demo-status').textContent()).resolves.toBe('connected')
    await context.close()
  })

  it('shows retry and cancel after the visitor declines; retry signs in, cancel disconnects', async () => {
    const { page, context } = await openSiweDemo()
    await connect(page)
    await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await rejectInWallet(page)
    await modal(page).getByRole('heading', { name: 'Signature declined' }).waitFor()
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await approveInWallet(page)
    await modal(page).waitFor({ state: 'hidden' })
    expect(await backendSession(page)).toMatchObject({ address: DEV_ADDRESS })
    await context.close()

    const second = await openSiweDemo()
    await connect(second.page)
    await modal(second.page).getByRole('button', { name: 'Sign', exact: true }).click()
    await rejectInWallet(second.page)
    await modal(second.page).getByRole('button', { name: 'Cancel' }).click()
    await modal(second.page).waitFor({ state: 'hidden' })
    await second.page.getByTestId('demo-status').getByText('disconnected').waitFor()
    expect(await backendSession(second.page)).toBeNull()
    await second.context.close()
  })

  it('signs out when the wallet switches network and asks again; a disconnect signs out', async () => {
    const { page, context } = await openSiweDemo()
    await connect(page)
    await signIn(page)

    await page.evaluate(() =>
      (
        window as unknown as { porticoTestWallet: { switchChain(id: number): Promise<void> } }
      ).porticoTestWallet.switchChain(10),
    )
    await signInStep(page).waitFor()
    await expect.poll(() => sessionCell(page).textContent()).toBe('Not signed in')
    expect(await backendSession(page)).toBeNull()
    await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await approveInWallet(page)
    await modal(page).waitFor({ state: 'hidden' })
    expect(await backendSession(page)).toMatchObject({ address: DEV_ADDRESS, chainId: 10 })

    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('demo-status').getByText('disconnected').waitFor()
    await expect.poll(() => backendSession(page)).toBeNull()
    await expect.poll(() => sessionCell(page).textContent()).toBe('Not signed in')
    await context.close()
  })

  it('signs in with the embedded (e-mail) wallet, approved in the wallet frame', async () => {
    const { page, context } = await openSiweDemo()
    const email = `siwe-${Date.now()}@example.com`
    await connectButton(page).click()
    const mailedAfter = Date.now() - 1000
    await startEmailLogin(page, email)
    await confirmDeviceByMail(context, email, mailedAfter)
    await enterCode(page, await readCode(email, mailedAfter))
    await saveRecoveryCode(page)
    await signInStep(page).waitFor({ timeout: 20_000 })
    await modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await answerInFrame(page, 'Approve')
    const address = await page.getByTestId('demo-address').textContent()
    await expect.poll(() => sessionCell(page).textContent(), { timeout: 15_000 }).toBe(`${address} (chain 1)`)
    expect(await backendSession(page)).toMatchObject({ address, chainId: 1 })
    await modal(page).waitFor({ state: 'hidden' })
    await context.close()
  })

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 375, height: 740 }],
  ] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`draws ConnectingSiwe on ${label} in ${theme} mode`, async () => {
        const { page, context } = await openSiweDemo(viewport)
        await chooseDemoTheme(page, theme)
        // The test wallet's own badge would cover the bottom sheet on a phone.
        await page.addStyleTag({ content: '#portico-test-wallet-badge { display: none }' })
        await connect(page)
        const sign = modal(page).getByRole('button', { name: 'Sign', exact: true })
        await settleAnimations(page)
        const box = await sign.boundingBox()
        expect(box?.width).toBeGreaterThan(80)
        await screenshot(page, `siwe-connecting-${label}-${theme}`)
        await sign.click()
        await rejectInWallet(page)
        await modal(page).getByRole('button', { name: 'Try again' }).waitFor()
        await screenshot(page, `siwe-declined-${label}-${theme}`)
        await context.close()
      })
    }
  }
})
