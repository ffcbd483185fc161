import { randomBytes } from 'node:crypto'
import { afterAll, expect, it } from 'vitest'
import { closeBrowser, getBrowser, stack } from './fixtures.js'

afterAll(async () => {
  await closeBrowser()
})

/** Starts an e-mail sign-in on a new device, as the wallet frame does: the service mails a confirmation link. */
async function startEmailSignIn(email: string) {
  const auth = stack().auth
  const response = await fetch(`${auth}/auth/v1/email/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(auth).origin },
    body: JSON.stringify({ email, deviceId: randomBytes(16).toString('hex') }),
  })
  expect(await response.json()).toEqual({ action: 'VERIFY_DEVICE' })
}

it('shows new mail without a reload, its link a link that opens the confirmation page', async () => {
  const email = `inbox-${randomBytes(4).toString('hex')}@example.com`
  const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const cspViolations: string[] = []
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspViolations.push(message.text())
  })
  await page.goto(`${stack().inbox}?to=${encodeURIComponent(email)}`)
  await expect.poll(() => page.getByText('No mail yet.').isVisible()).toBe(true)
  // A reload would drop this marker.
  await page.evaluate(() => {
    ;(window as { samePage?: boolean }).samePage = true
  })

  await startEmailSignIn(email)
  const mail = page.locator('.mail').filter({ hasText: 'Confirm your new device' })
  await mail.waitFor({ timeout: 10_000 })
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)

  const link = mail.getByRole('link', { name: /\/auth\/v1\/device\/confirm\?token=/ })
  expect(await link.getAttribute('href')).toMatch(
    /^http:\/\/localhost:\d+\/auth\/v1\/device\/confirm\?token=/,
  )
  const [confirmPage] = await Promise.all([context.waitForEvent('page'), link.click()])
  await confirmPage.getByRole('button', { name: 'Confirm this device' }).click()
  await confirmPage
    .getByText(/confirmed/i)
    .first()
    .waitFor()
  expect(cspViolations).toEqual([])
  await context.close()
})
