import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import {
  addPasskeyProvider,
  answerInFrame,
  confirmDeviceByMail,
  enterCode,
  enterRecoveryCode,
  protectSheet,
  readCode,
  saveRecoveryCode,
  signInByEmail,
  startEmailLogin,
  unlockSheet,
} from './auth-fixtures.js'
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
 * User-held custody in the browser: the recovery factor is set up in the wallet frame's own sheet when a
 * wallet is made, and on a new device only that factor (a passkey with PRF, or the recovery code) opens
 * the wallet; the service's share alone does not.
 */

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/**
 * Signs in by e-mail on a device new to the address, up to the moment the wallet frame takes over (a
 * sheet of its own). Within the address's 30 s cooldown it waits as long as the modal says.
 */
async function signInUntilFrame(page: Page, email: string) {
  await connectButton(page).click()
  for (;;) {
    const after = Date.now() - 1000
    await startEmailLogin(page, email)
    const confirm = modal(page).locator('h3', { hasText: 'Confirm this device' })
    const cooldown = page.getByText(/Please try again after \d+ seconds/).first()
    await confirm.or(cooldown).waitFor({ timeout: 20_000 })
    if (await confirm.isVisible()) {
      await confirmDeviceByMail(page.context(), email, after)
      await enterCode(page, await readCode(email, after))
      return
    }
    const seconds = Number(/(\d+) seconds/.exec((await cooldown.textContent()) ?? '')?.[1] ?? 30)
    await page.waitForTimeout(seconds * 1000 + 500)
  }
}

/** Signs out, then drops everything the frame kept (its device id and device share): a new device. */
async function forgetThisDevice(page: Page) {
  const signOut = modal(page).getByRole('button', { name: 'Sign out' })
  if (!(await signOut.isVisible())) await connectButton(page).click()
  await signOut.click()
  await expect.poll(() => connectButton(page).textContent()).toBe('Connect wallet')
  const frame = page.frame({ name: 'portico-auth' })
  if (!frame) throw new Error('no wallet frame')
  await frame.evaluate(() => localStorage.clear())
  await page.reload()
  await expect.poll(() => connectButton(page).textContent()).toBe('Connect wallet')
}

describe('custody: recovery on a new device', () => {
  afterAll(closeBrowser)

  it('keeps the device share sealed under a non-extractable key: no share readable in storage, and the wallet still signs after a reload', async () => {
    const { page, context } = await openDemo()
    const address = await signInByEmail(page, uniqueEmail('sealed'))
    const frame = page.frame({ name: 'portico-auth' })
    if (!frame) throw new Error('no wallet frame')
    const stored = await frame.evaluate(() => JSON.stringify({ ...localStorage }))
    // A share is 33 bytes of hex (66 characters); none is in the frame's storage, only ciphertext.
    expect(stored).toContain('@portico-frame/device-shares')
    expect(stored).not.toMatch(/[0-9a-f]{64}/)
    // The wrapping key is in the frame's IndexedDB, and the page itself cannot export it.
    const key = await frame.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('@portico-frame')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const value = await new Promise<unknown>((resolve, reject) => {
        const get = db.transaction('keys').objectStore('keys').get('device-share-key')
        get.onsuccess = () => resolve(get.result)
        get.onerror = () => reject(get.error)
      })
      db.close()
      if (!(value instanceof CryptoKey)) return { found: false }
      const exported = await crypto.subtle.exportKey('raw', value).then(
        () => 'exported',
        (error: Error) => error.name,
      )
      return { found: true, algorithm: value.algorithm.name, extractable: value.extractable, exported }
    })
    expect(key).toEqual({
      found: true,
      algorithm: 'AES-GCM',
      extractable: false,
      exported: 'InvalidAccessError',
    })

    // After a reload the frame opens the sealed share with the same key: the wallet signs, no recovery asked.
    await page.reload()
    await page.getByTestId('demo-status').getByText('connected', { exact: true }).waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Sign message' }).click()
    await answerInFrame(page, 'Approve')
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()
    const signature = (await page.getByTestId('sign-result').locator('code').textContent()) as `0x${string}`
    await expect(verifyMessage({ address, message: 'Hello from the Portico demo', signature })).resolves.toBe(
      true,
    )
    await expect(unlockSheet(page).count()).resolves.toBe(0)
    await context.close()
  }, 120_000)

  it('opens the wallet with the recovery code; a wrong code is refused and nothing opens', async () => {
    const email = uniqueEmail('code')
    const { page, context } = await openDemo()
    await signInUntilFrame(page, email)
    await protectSheet(page).waitFor({ timeout: 20_000 })
    await screenshot(page, 'custody-recovery-code')
    const code = await saveRecoveryCode(page)
    await openAccount(page, 20_000)
    const address = await page.getByTestId('demo-address').textContent()
    await context.close()

    const second = await openDemo({ context: await (await getBrowser()).newContext() })
    await signInUntilFrame(second.page, email)
    const sheet = unlockSheet(second.page)
    const wrong = code.startsWith('0') ? `1${code.slice(1)}` : `0${code.slice(1)}`
    await enterRecoveryCode(second.page, wrong)
    await sheet.getByText('This code does not open your wallet. Check it and try again.').waitFor()
    await screenshot(second.page, 'custody-recovery-wrong-code')
    // Typed in lower case with spaces: still the same code.
    await enterRecoveryCode(second.page, code.toLowerCase().replace(/-/g, ' '))
    await openAccount(second.page, 20_000)
    await expect(second.page.getByTestId('demo-address').textContent()).resolves.toBe(address)
    await second.context.close()
  }, 150_000)

  it('sets up a passkey with PRF, opens the wallet with it on a new device, and fails clearly without it', async () => {
    const email = uniqueEmail('passkey')
    const { page, context } = await openDemo()
    const { cdp, authenticatorId } = await addPasskeyProvider(page)
    await signInUntilFrame(page, email)
    await protectSheet(page).getByRole('button', { name: 'Use a passkey' }).click({ timeout: 20_000 })
    await openAccount(page, 20_000)
    const address = await page.getByTestId('demo-address').textContent()
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]?.rpId).toBe(new URL(page.frame({ name: 'portico-auth' })?.url() ?? '').hostname)

    // The same browser profile (the synced passkey) on a device without the frame's storage.
    await forgetThisDevice(page)
    await signInUntilFrame(page, email)
    await unlockSheet(page).getByRole('button', { name: 'Use a passkey' }).click({ timeout: 20_000 })
    await openAccount(page, 20_000)
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe(address)

    // Without the passkey: the sheet says so, and closing it leaves the visitor signed out.
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId })
    await forgetThisDevice(page)
    await signInUntilFrame(page, email)
    const sheet = unlockSheet(page)
    await sheet.getByRole('button', { name: 'Use a passkey' }).click({ timeout: 20_000 })
    await sheet
      .getByText('No passkey opened this wallet. Try again, or use the device that has it.')
      .waitFor()
    await sheet.getByRole('button', { name: 'Cancel' }).click()
    // Nothing opened: the sheet is gone, no address, no session.
    await sheet.waitFor({ state: 'detached' })
    await expect(page.getByTestId('demo-address').textContent()).resolves.toBe('—')
    await expect.poll(() => connectButton(page).textContent()).toBe('Connect wallet')
    await context.close()
  }, 240_000)
})
