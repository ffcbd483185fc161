import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { answerInFrame, signInByEmail } from './auth-fixtures.js'
import {
  approveInWallet,
  closeBrowser,
  connectButton,
  connectTestWallet,
  contextWithWalletAccount,
  modal,
  openDemo,
  rejectInWallet,
  screenshot,
  settleAnimations,
  stack,
  toast,
} from './fixtures.js'
import { visitorAccount } from './visitor-accounts.js'

/** The test wallet's account here: one no other test connects, so its name shows nowhere else. */
const ACCOUNT_INDEX = 11
const account = visitorAccount(ACCOUNT_INDEX)
const PROJECT = 'portico-demo'
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A visitor whose injected test wallet holds account ACCOUNT_INDEX. */
const newVisitor = (viewport?: { width: number; height: number }) =>
  contextWithWalletAccount(ACCOUNT_INDEX, viewport)

const nameInput = (page: Page) => modal(page).getByRole('textbox', { name: 'Your name' })
const nameStatus = (page: Page) => modal(page).getByTestId('account-name-status')
const registerButton = (page: Page) => modal(page).getByTestId('account-name-submit')

async function openRegisterView(page: Page) {
  await modal(page).getByRole('button', { name: 'Choose a name' }).click()
  await nameInput(page).waitFor()
}

/** Registers `label` for a throw-away key through the API, as another visitor would. */
async function registerElsewhere(label: string) {
  const { privateKeyToAccount, generatePrivateKey } = await import('viem/accounts')
  const other = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({
    name: `${label}.wcn.id`,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const response = await fetch(`${stack().chainApi}/v1/profile/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: 2147483649,
      address: other.address,
      message,
      signature: await other.signMessage({ message }),
    }),
  })
  expect(response.status).toBe(200)
}

describe('account names (<name>.wcn.id)', () => {
  afterAll(closeBrowser)

  it('registers a name with the injected wallet: rule errors, taken names and variants while typing, then the button shows it', async () => {
    const taken = unique('taken')
    await registerElsewhere(taken)
    const mine = unique('e2e')

    const context = await newVisitor()
    const { page } = await openDemo({ context })
    await connectTestWallet(page)
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(account.address)
    await openRegisterView(page)

    // The rule shows at once, before any lookup.
    await nameInput(page).fill('ab')
    await modal(page).getByText('A name needs at least 4 characters').waitFor()
    await nameInput(page).fill('al_ice')
    await modal(page).getByText('Use letters, digits and hyphens only').waitFor()
    await expect(registerButton(page).isDisabled()).resolves.toBe(true)

    // A name someone else holds: taken (in any letter case), with free variants offered.
    await nameInput(page).fill(taken.toUpperCase())
    await nameStatus(page).getByText('Taken').waitFor()
    await modal(page).getByText(`${taken}.wcn.id is already registered`).waitFor()
    await expect(registerButton(page).isDisabled()).resolves.toBe(true)
    const suggestions = modal(page).getByTestId('account-name-suggestion')
    await expect.poll(() => suggestions.count()).toBe(3)
    await screenshot(page, 'names-register-taken')

    // A free name: available; the wallet's refusal to sign leaves the view with the error.
    await nameInput(page).fill(mine)
    await nameStatus(page).getByText('Available').waitFor()
    await registerButton(page).click()
    await rejectInWallet(page)
    await modal(page)
      .getByTestId('account-name-error')
      .getByText(`Error registering name ${mine}.wcn.id`)
      .waitFor()
    await toast(page).getByText(`Error registering name ${mine}.wcn.id`).waitFor()
    await screenshot(page, 'names-register-error')

    await nameInput(page).fill(mine)
    await nameStatus(page).getByText('Available').waitFor()
    await registerButton(page).click()
    await approveInWallet(page)
    const success = modal(page).getByTestId('account-name-success')
    await success.getByText(`${mine}.wcn.id is yours`).waitFor()
    await screenshot(page, 'names-register-success')
    await success.getByRole('button', { name: 'Back to account' }).click()
    await modal(page).getByTestId('account-address').getByText(`${mine}.wcn.id`).waitFor()
    await screenshot(page, 'names-account-with-name')
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await expect(connectButton(page).textContent()).resolves.toContain(`${mine}.wcn.id`)

    // Another browser context resolves the name through the API, and the same wallet shows it there too.
    const other = await newVisitor()
    const api = other.request
    const lookup = await api.get(
      `${stack().chainApi}/v1/profile/account/${mine}.wcn.id?projectId=${PROJECT}&apiVersion=2`,
    )
    expect(lookup.status()).toBe(200)
    const profile = await lookup.json()
    expect(profile).toMatchObject({
      name: `${mine}.wcn.id`,
      addresses: { '2147483649': { address: account.address.toLowerCase() } },
    })
    const reverse = await api.get(
      `${stack().chainApi}/v1/profile/reverse/${account.address}?projectId=${PROJECT}`,
    )
    expect((await reverse.json()).map((entry: { name: string }) => entry.name)).toContain(`${mine}.wcn.id`)
    const { page: otherPage } = await openDemo({ context: other })
    await connectTestWallet(otherPage)
    await modal(otherPage).getByTestId('account-address').getByText(`${mine}.wcn.id`).waitFor()
    await other.close()

    // The name is now taken for everyone, this account included.
    await connectButton(page).click()
    await openRegisterView(page)
    await nameInput(page).fill(mine)
    await nameStatus(page).getByText('Taken').waitFor()
    await context.close()
  })

  it('registers a name with the embedded (e-mail) wallet, approved in the wallet frame', async () => {
    const { page, context } = await openDemo()
    const address = await signInByEmail(page, `${unique('names')}@example.com`)
    const mine = unique('mail')
    await openRegisterView(page)
    await nameInput(page).fill(mine)
    await nameStatus(page).getByText('Available').waitFor()
    await registerButton(page).click()
    await answerInFrame(page, 'Approve')
    await modal(page)
      .getByTestId('account-name-success')
      .getByText(`${mine}.wcn.id is yours`)
      .waitFor({ timeout: 20_000 })
    await modal(page).getByRole('button', { name: 'Back to account' }).click()
    await modal(page).getByTestId('account-address').getByText(`${mine}.wcn.id`).waitFor()
    await expect(connectButton(page).textContent()).resolves.toContain(`${mine}.wcn.id`)
    const lookup = await fetch(`${stack().chainApi}/v1/profile/account/${mine}.wcn.id?projectId=${PROJECT}`)
    expect(
      ((await lookup.json()) as { addresses: Record<string, { address: string }> }).addresses['2147483649']
        ?.address,
    ).toBe(address.toLowerCase())
    await context.close()
  })

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 375, height: 740 }],
  ] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`draws RegisterAccountName on ${label} in ${theme} mode`, async () => {
        const context = await newVisitor(viewport)
        const { page } = await openDemo({ context })
        if (theme === 'light') await page.getByRole('button', { name: 'Switch to light theme' }).click()
        // The test wallet's own badge would cover the bottom sheet on a phone.
        await page.addStyleTag({ content: '#portico-test-wallet-badge { display: none }' })
        await connectTestWallet(page)
        await openRegisterView(page)
        await nameInput(page).fill(unique('look'))
        await nameStatus(page).getByText('Available').waitFor()
        await expect.poll(() => modal(page).getByTestId('account-name-suggestion').count()).toBe(3)
        await settleAnimations(page)
        const box = await registerButton(page).boundingBox()
        expect(box?.width).toBeGreaterThan(120)
        await screenshot(page, `names-register-${label}-${theme}`)
        await context.close()
      })
    }
  }
})
