import type { Page } from 'playwright-core'
import { stringToHex } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { answerInFrame, signInByEmail, walletSheet } from './auth-fixtures.js'
import { closeBrowser, modal, openDemo, screenshot } from './fixtures.js'

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/**
 * What a script injected into the dApp's page can do: it is the frame's parent, so it can post any app
 * event to the frame and restyle the iframe. It collects the frame's answers to its own requests.
 */
function injectedScript(page: Page) {
  return {
    requestSignature: (address: string) =>
      page.evaluate(
        ({ address, message }) => {
          const iframe = document.querySelector<HTMLIFrameElement>('iframe[name="portico-auth"]')
          if (!iframe?.contentWindow) throw new Error('no wallet frame')
          const answers: unknown[] = []
          ;(window as unknown as { __stolen: unknown[] }).__stolen = answers
          window.addEventListener('message', (event) => {
            const data = event.data as { id?: string; type?: string }
            // Only answers: the frame's APPROVAL_SHOW for the request is not one.
            if (data?.id === 'evil-1' && /_(SUCCESS|ERROR)$/.test(data.type ?? '')) answers.push(data)
          })
          iframe.contentWindow.postMessage(
            {
              type: '@portico-app/RPC_REQUEST',
              id: 'evil-1',
              payload: { method: 'personal_sign', params: [message, address] },
            },
            new URL(iframe.src).origin,
          )
        },
        { address, message: stringToHex('Transfer all my tokens') },
      ),
    answers: () => page.evaluate(() => (window as unknown as { __stolen: { type: string }[] }).__stolen),
    restyleFrame: (css: string) =>
      page.evaluate((css) => {
        const iframe = document.querySelector<HTMLIFrameElement>('iframe[name="portico-auth"]')
        if (iframe) iframe.style.cssText = css
      }, css),
  }
}

/** Waits until the sheet's visibility reading (IntersectionObserver v2 in Chromium) says `visible`. */
async function readingIs(page: Page, visible: boolean) {
  await expect
    .poll(() => walletSheet(page).getAttribute('data-visible'), { timeout: 10_000 })
    .toBe(String(visible))
}

/** A trusted mouse click at the centre of the sheet's Approve button, wherever the page put the frame. */
async function clickWhereApproveIs(page: Page) {
  const box = await walletSheet(page).getByRole('button', { name: 'Approve' }).boundingBox()
  if (!box) throw new Error('Approve has no box')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

describe('consent happens inside the wallet frame', () => {
  afterAll(closeBrowser)

  it('a script in the dApp page gets no signature: hidden, faded or covered, the sheet ignores clicks', async () => {
    const { page, context } = await openDemo()
    const address = await signInByEmail(page, uniqueEmail('victim'))
    await modal(page).getByRole('button', { name: 'Close' }).click()
    const script = injectedScript(page)
    await script.requestSignature(address)

    // The frame shows its sheet, but the dApp side keeps the frame hidden for a request it did not send.
    await walletSheet(page).getByText('Transfer all my tokens').waitFor({ state: 'attached' })
    await readingIs(page, false)
    await clickWhereApproveIs(page)
    await expect(walletSheet(page).count()).resolves.toBe(1)

    // Clickjacking: the script lays the frame over the page, almost transparent, under the visitor's
    // pointer. The frame knows it is not really visible and takes no click.
    await script.restyleFrame(
      'position:fixed;inset:0;width:100%;height:100%;border:0;opacity:0.01;z-index:2147483647;pointer-events:auto',
    )
    await readingIs(page, false)
    await clickWhereApproveIs(page)
    await expect(walletSheet(page).count()).resolves.toBe(1)
    expect(
      await walletSheet(page).getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled'),
    ).toBe('true')
    expect(await script.answers()).toEqual([])

    // Shown for real, the same sheet takes the visitor's answer: here, a rejection.
    await script.restyleFrame(
      'position:fixed;inset:0;width:100%;height:100%;border:0;opacity:1;z-index:2147483647;pointer-events:auto',
    )
    await readingIs(page, true)
    await answerInFrame(page, 'Reject')
    await expect.poll(script.answers).toEqual([
      {
        type: '@portico-frame/RPC_REQUEST_ERROR',
        id: 'evil-1',
        payload: { message: 'User rejected the request.', code: 4001 },
      },
    ])
    await context.close()
  })

  it('the dApp modal waits under the sheet; Escape in the sheet rejects and closes both', async () => {
    const { page, context } = await openDemo()
    await signInByEmail(page, uniqueEmail('cancel'))
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Sign message' }).click()
    await walletSheet(page).getByText('Hello from the Portico demo').waitFor()
    await modal(page).getByText('Sign a message').waitFor()
    // Escape inside the frame is the visitor's Reject.
    await readingIs(page, true)
    await walletSheet(page).press('Escape')
    await page
      .getByTestId('sign-result')
      .getByText(/reject/i)
      .waitFor()
    await expect(walletSheet(page).count()).resolves.toBe(0)
    await expect(modal(page).count()).resolves.toBe(0)

    await context.close()
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`looks right on a 375 px phone in ${theme} mode`, async () => {
      const { page, context } = await openDemo()
      await page.setViewportSize({ width: 375, height: 740 })
      await page.emulateMedia({ colorScheme: theme })
      // The demo starts dark; its toggle switches the modal's theme, and the sheet follows the modal.
      if (theme === 'light') await page.getByRole('button', { name: 'Switch to light theme' }).click()
      await signInByEmail(page, uniqueEmail(`phone-${theme}`))
      await modal(page).getByRole('button', { name: 'Close' }).click()
      await page.getByRole('button', { name: 'Sign message' }).click()
      await readingIs(page, true)
      const sheetTheme = await page
        .frameLocator('iframe[name="portico-auth"]')
        .locator('.sheet-root')
        .getAttribute('data-theme')
      expect(sheetTheme).toBe(theme)
      const sheet = await walletSheet(page).boundingBox()
      // A bottom sheet: full width, touching the bottom edge.
      expect(sheet?.width).toBe(375)
      expect(Math.round((sheet?.y ?? 0) + (sheet?.height ?? 0))).toBe(740)
      await screenshot(page, `auth-approve-sign-mobile-${theme}`)
      await answerInFrame(page, 'Reject')
      await context.close()
    })
  }
})
