import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { addPasskeyProvider, answerInFrame, unlockSheet } from './auth-fixtures.js'
import {
  closeBrowser,
  connectButton,
  getBrowser,
  modal,
  openAccount,
  openDemo,
  screenshot,
} from './fixtures.js'

/**
 * Passkey accounts in the browser: "Continue with a passkey" in the Connect view, the wallet frame's own
 * sheet, and Chromium's virtual authenticator (CTAP2 with resident keys, user verification and PRF) as
 * the visitor's passkey provider. The same passkey on a new device signs in to the same account and
 * opens the same wallet with one touch, no recovery sheet.
 */

const passkeySheet = (page: Page) =>
  page.frameLocator('iframe[name="portico-auth"]').getByRole('dialog', { name: 'Continue with a passkey' })

/** Connect → "Continue with a passkey" → the frame's sheet → `choice`. */
async function usePasskey(page: Page, choice: 'Sign in with a passkey' | 'Create a passkey') {
  if (!(await modal(page).isVisible())) await connectButton(page).click()
  await modal(page).getByRole('button', { name: 'Continue with a passkey' }).click()
  await passkeySheet(page).getByRole('button', { name: choice }).click({ timeout: 20_000 })
}

const passkeyAlert = (page: Page) => modal(page).getByRole('alert')

/** Signs out, then drops everything the frame kept (its device id and device share): a new device. */
async function forgetThisDevice(page: Page) {
  if (!(await modal(page).isVisible())) await connectButton(page).click()
  await modal(page).getByRole('button', { name: 'Sign out' }).click()
  await expect.poll(() => connectButton(page).textContent()).toBe('Connect wallet')
  const frame = page.frame({ name: 'portico-auth' })
  if (!frame) throw new Error('no wallet frame')
  await frame.evaluate(() => localStorage.clear())
  await page.reload()
  await expect.poll(() => connectButton(page).textContent()).toBe('Connect wallet')
}

describe('passkey sign-in', () => {
  afterAll(closeBrowser)

  it('makes a passkey account that signs; the same passkey signs in to it elsewhere and opens its wallet', async () => {
    const { page, context } = await openDemo()
    const { cdp, authenticatorId } = await addPasskeyProvider(page)
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Continue with a passkey' }).click()
    await passkeySheet(page).waitFor({ timeout: 20_000 })
    await screenshot(page, 'passkey-sheet')
    await passkeySheet(page).getByRole('button', { name: 'Create a passkey' }).click()
    // One touch made the account and sealed the wallet: no recovery sheet of its own.
    await openAccount(page, 30_000)
    await expect(modal(page).getByTestId('account-user').textContent()).resolves.toContain(
      'Signed in with a passkey',
    )
    const address = (await page.getByTestId('demo-address').textContent()) as `0x${string}`
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await screenshot(page, 'passkey-account')
    await modal(page).getByRole('button', { name: 'Close' }).click()

    await page.getByRole('button', { name: 'Sign message' }).click()
    await answerInFrame(page, 'Approve')
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()
    const signature = (await page.getByTestId('sign-result').locator('code').textContent()) as `0x${string}`
    await expect(verifyMessage({ address, message: 'Hello from the Portico demo', signature })).resolves.toBe(
      true,
    )

    // The passkey is a discoverable one of the wallet's host, never of the dApp's.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    const [credential] = credentials
    if (!credential) throw new Error('no passkey made')
    expect(credential.isResidentCredential).toBe(true)
    const frameUrl = page.frame({ name: 'portico-auth' })?.url() ?? ''
    expect(credential.rpId).toBe(new URL(frameUrl).hostname)
    expect(credential.rpId).not.toBe(new URL(page.url()).hostname)

    // A new device with the same passkey provider (the frame's storage gone): one touch signs in and
    // opens the same wallet, with no recovery sheet.
    await forgetThisDevice(page)
    await usePasskey(page, 'Sign in with a passkey')
    await openAccount(page, 30_000)
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(address)
    await expect(unlockSheet(page).count()).resolves.toBe(0)

    // Another browser given a copy of the passkey signs in to the same account: the frame asks to open
    // that account's wallet. (Chromium's WebAuthn.getCredentials does not export a passkey's PRF key,
    // so the copy cannot also open the wallet the way a synced passkey does above.)
    const second = await openDemo({ context: await (await getBrowser()).newContext() })
    const other = await addPasskeyProvider(second.page)
    // Copied as it is now: an older copy's signature counter would be refused as a cloned passkey.
    const [synced] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
    if (!synced) throw new Error('the passkey is gone')
    await other.cdp.send('WebAuthn.addCredential', {
      authenticatorId: other.authenticatorId,
      credential: synced,
    })
    await usePasskey(second.page, 'Sign in with a passkey')
    await unlockSheet(second.page).getByText('Use the passkey you made for this wallet.').waitFor({
      timeout: 30_000,
    })
    await unlockSheet(second.page).getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => connectButton(second.page).textContent()).toBe('Connect wallet')
    await second.context.close()
    await context.close()
  }, 180_000)

  it('says so in the list when no passkey answers: none for this wallet, or the user not verified', async () => {
    const { page, context } = await openDemo()
    const { cdp, authenticatorId } = await addPasskeyProvider(page)

    // No passkey for this host (none made, or removed from the provider): nothing answers the sign-in.
    await usePasskey(page, 'Sign in with a passkey')
    await passkeyAlert(page)
      .getByText('No passkey was used. Try again, or choose another way to sign in.')
      .waitFor({
        timeout: 30_000,
      })
    await expect(
      modal(page).getByRole('button', { name: 'Continue with a passkey' }).isVisible(),
    ).resolves.toBe(true)
    await screenshot(page, 'passkey-cancelled')

    // The authenticator cannot verify the visitor.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false })
    await usePasskey(page, 'Create a passkey')
    await passkeyAlert(page)
      .getByText(/No passkey was used/)
      .waitFor({ timeout: 30_000 })

    await expect.poll(() => connectButton(page).textContent()).toBe('Connect wallet')
    await context.close()
  }, 180_000)
})
