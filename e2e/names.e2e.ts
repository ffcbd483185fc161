import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { answerInFrame, signInByEmail, walletSheet, walletWindow } from './auth-fixtures.js'
import {
  approveInWallet,
  chooseDemoTheme,
  closeBrowser,
  connectButton,
  connectTestWallet,
  contextWithWalletAccount,
  getBrowser,
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

/**
 * An account no test names (nor funds): the other visitor who looks a name up, and the one the drawings
 * open "Choose a name" with (a named account is not offered it).
 */
const UNNAMED_ACCOUNT_INDEX = 23

/** A visitor whose injected test wallet holds account ACCOUNT_INDEX. */
const newVisitor = (viewport?: { width: number; height: number }) =>
  contextWithWalletAccount(ACCOUNT_INDEX, viewport)

const nameInput = (page: Page) => modal(page).getByRole('textbox', { name: 'Your name' })
const nameStatus = (page: Page) => modal(page).getByTestId('account-name-status')
const registerButton = (page: Page) => modal(page).getByTestId('account-name-submit')
const chooseNameRow = (page: Page) => modal(page).getByRole('button', { name: 'Choose a name' })
const apiUrl = (path: string) =>
  `${stack().chainApi}${path}${path.includes('?') ? '&' : '?'}projectId=${PROJECT}`

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
    await expect(nameInput(page).getAttribute('aria-invalid')).resolves.toBe('true')
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
    // The wallet refused, not the name: the field is not marked wrong.
    await expect(nameInput(page).getAttribute('aria-invalid')).resolves.toBeNull()
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
    // A named account is not offered another name.
    await expect(chooseNameRow(page).count()).resolves.toBe(0)
    await screenshot(page, 'names-account-with-name')
    // The registration is the account's own doing: one row of its Activity (it signed, paid no fee).
    await modal(page).getByRole('button', { name: 'Activity' }).click()
    const registered = modal(page).locator('li[data-kind="name"]', { hasText: `Registered ${mine}.wcn.id` })
    await registered.waitFor()
    await expect(registered.count()).resolves.toBe(1)
    await expect(modal(page).locator('li.activity-row').count()).resolves.toBe(1)
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
    // The identity named the account there: no "Choose a name" row.
    await expect(chooseNameRow(otherPage).count()).resolves.toBe(0)
    await other.close()

    // The name is now taken for everyone, in any letter case.
    const variants = await fetch(apiUrl(`/v1/profile/suggestions/${mine.toUpperCase()}`))
    const [own] = ((await variants.json()) as { suggestions: { name: string; registered: boolean }[] })
      .suggestions
    expect(own).toEqual({ name: `${mine}.wcn.id`, registered: true })
    await context.close()
  })

  it('registers a name with the embedded (e-mail) wallet: approved in its frame, shown on the button and Account, resolved in another browser', async () => {
    const { page, context } = await openDemo()
    const address = await signInByEmail(page, `${unique('names')}@example.com`)
    const mine = unique('mail')
    await expect(chooseNameRow(page).count()).resolves.toBe(1)
    await openRegisterView(page)
    await nameInput(page).fill(mine)
    await nameStatus(page).getByText('Available').waitFor()
    await registerButton(page).click()

    // The embedded wallet signs only once the visitor approves the registration message in its own frame.
    await (await walletSheet(page)).getByText(`${mine}.wcn.id`).waitFor()
    await screenshot(await walletWindow(page), 'names-embedded-approve')
    expect((await fetch(apiUrl(`/v1/profile/account/${mine}.wcn.id`))).status).toBe(404)
    await answerInFrame(page, 'Approve')
    await modal(page).getByTestId('account-name-success').getByText(`${mine}.wcn.id is yours`).waitFor()
    await modal(page).getByRole('button', { name: 'Back to account' }).click()
    await modal(page).getByTestId('account-address').getByText(`${mine}.wcn.id`).waitFor()
    await expect(chooseNameRow(page).count()).resolves.toBe(0)
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await expect(connectButton(page).textContent()).resolves.toContain(`${mine}.wcn.id`)

    // After a reload the name comes from the chain API's identity of the address, not from this page's memory.
    await page.reload()
    await expect
      .poll(() => connectButton(page).textContent(), { timeout: 15_000 })
      .toContain(`${mine}.wcn.id`)
    await connectButton(page).click()
    await modal(page).getByTestId('account-address').getByText(`${mine}.wcn.id`).waitFor()
    await expect(chooseNameRow(page).count()).resolves.toBe(0)
    await screenshot(page, 'names-embedded-account-with-name')

    // Another browser context, with nothing of this visitor's: the chain API resolves the name both ways...
    const stranger = await (await getBrowser()).newContext()
    const lookup = await stranger.request.get(apiUrl(`/v1/profile/account/${mine}.wcn.id?apiVersion=2`))
    expect(lookup.status()).toBe(200)
    expect(await lookup.json()).toMatchObject({
      name: `${mine}.wcn.id`,
      addresses: { '2147483649': { address: address.toLowerCase() } },
    })
    const identity = await stranger.request.get(apiUrl(`/v1/identity/${address}`))
    expect(await identity.json()).toMatchObject({ name: `${mine}.wcn.id` })
    const reverse = await stranger.request.get(apiUrl(`/v1/profile/reverse/${address}`))
    expect((await reverse.json()).map((entry: { name: string }) => entry.name)).toEqual([`${mine}.wcn.id`])
    await stranger.close()

    // ...and another visitor's modal resolves it to the embedded wallet's address as a Send receiver.
    const other = await contextWithWalletAccount(UNNAMED_ACCOUNT_INDEX)
    const { page: otherPage } = await openDemo({ context: other })
    await connectTestWallet(otherPage)
    await modal(otherPage).getByRole('button', { name: 'Send', exact: true }).click()
    await modal(otherPage).getByLabel('To', { exact: true }).fill(`${mine}.wcn.id`)
    const resolved = modal(otherPage).getByTestId('send-resolved-receiver')
    await resolved.getByText(`${mine}.wcn.id`).waitFor()
    await expect(resolved.locator('code').getAttribute('title')).resolves.toBe(address)
    await screenshot(otherPage, 'names-embedded-resolved-elsewhere')
    await other.close()
    await context.close()
  })

  it("shows the service's own reason when it refuses, and a failed lookup inline, back on the register view", async () => {
    const context = await contextWithWalletAccount(UNNAMED_ACCOUNT_INDEX)
    const { page } = await openDemo({ context })
    await connectTestWallet(page)
    await openRegisterView(page)

    // Someone else takes the name between the lookup and the registration: the service refuses it.
    const raced = unique('race')
    await nameInput(page).fill(raced)
    await nameStatus(page).getByText('Available').waitFor()
    await registerElsewhere(raced)
    await registerButton(page).click()
    await approveInWallet(page)
    const error = modal(page).getByTestId('account-name-error')
    await error.getByText(`The name ${raced}.wcn.id is already registered`).waitFor()
    // The view looks the name up again: taken now, and the register button off.
    await nameStatus(page).getByText('Taken').waitFor()
    await expect(registerButton(page).isDisabled()).resolves.toBe(true)
    await expect(nameInput(page).inputValue()).resolves.toBe(raced)
    await expect(modal(page).getByTestId('account-address').count()).resolves.toBe(0)
    await screenshot(page, 'names-register-refused')

    // The suggestions service fails: the view says so under the field.
    await page.route('**/v1/profile/suggestions/**', (route) => route.fulfill({ status: 503, body: '{}' }))
    await nameInput(page).fill(unique('down'))
    await error.getByText('Error fetching name suggestions').waitFor()
    await expect(nameStatus(page).textContent()).resolves.toBe('')
    await context.close()
  })

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['mobile', { width: 375, height: 740 }],
  ] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`draws RegisterAccountName on ${label} in ${theme} mode`, async () => {
        const context = await contextWithWalletAccount(UNNAMED_ACCOUNT_INDEX, viewport)
        const { page } = await openDemo({ context })
        await chooseDemoTheme(page, theme)
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
        // The longest name the rule allows shortens inside the button; the modal keeps its width.
        const dialog = await modal(page).boundingBox()
        await nameInput(page).fill(`${unique('long')}${'n'.repeat(40)}`.slice(0, 63))
        await nameStatus(page).getByText('Available').waitFor()
        await expect(modal(page).boundingBox()).resolves.toMatchObject({ width: dialog?.width })
        const button = await registerButton(page).boundingBox()
        expect((button?.x ?? 0) + (button?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(
          (dialog?.x ?? 0) + (dialog?.width ?? 0),
        )
        await screenshot(page, `names-register-long-${label}-${theme}`)
        await context.close()
      })
    }
  }
})
