import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  createTestClient,
  http,
  parseEther,
  stringToHex,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sheetIn, signInByEmail, walletLauncher } from './auth-fixtures.js'
import { closeBrowser, getBrowser, modal, openDemo, screenshot, settleAnimations, stack } from './fixtures.js'

const IFRAME = 'iframe[name="portico-auth"]'
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The iframe laid over the whole page, opaque and taking clicks: what every attack starts from. */
const FULL =
  'position:fixed;left:0;top:0;width:100%;height:100%;border:0;opacity:1;z-index:2147483647;pointer-events:auto;background:transparent;color-scheme:light;'
const MESSAGE = 'Transfer all my tokens'

afterAll(closeBrowser)

type Answer = { type: string; id: string; payload?: { message?: string; code?: number; reason?: string } }

/**
 * What a script injected into the dApp's page (an XSS, a compromised dependency) can do: it is the
 * frame's parent, so it posts any app event to the frame, restyles the iframe, moves focus into it, and
 * collects the frame's answers to its own requests.
 */
function injectedScript(page: Page) {
  const post = (message: unknown) =>
    page.evaluate((message) => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[name="portico-auth"]')
      if (!iframe?.contentWindow) throw new Error('no wallet frame')
      iframe.contentWindow.postMessage(message, new URL(iframe.src).origin)
    }, message)
  return {
    async listen() {
      await page.evaluate(() => {
        const answers: unknown[] = []
        ;(window as unknown as { __stolen: unknown[] }).__stolen = answers
        window.addEventListener('message', (event) => {
          const data = event.data as { id?: string; type?: string }
          // Only answers: the frame's APPROVAL_SHOW for the request is not one.
          if (data?.id?.startsWith('evil-') && /_(SUCCESS|ERROR)$/.test(data.type ?? '')) answers.push(data)
        })
      })
    },
    request: (id: string, method: string, params: unknown) =>
      post({ type: '@portico-app/RPC_REQUEST', id, payload: { method, params } }),
    abort: () => post({ type: '@portico-app/RPC_ABORT', id: 'evil-abort' }),
    answers: (id: string) =>
      page.evaluate(
        (id) => (window as unknown as { __stolen: Answer[] }).__stolen.filter((answer) => answer.id === id),
        id,
      ),
    restyle: (css: string) =>
      page.evaluate((css) => {
        const iframe = document.querySelector<HTMLIFrameElement>('iframe[name="portico-auth"]')
        if (iframe) iframe.style.cssText = css
      }, css),
  }
}
type Script = ReturnType<typeof injectedScript>

/**
 * The frame's button an attacker aims the visitor's click at: Approve, where the frame has one (it had,
 * before the wallet window); else the best the frame offers, its launcher's button.
 */
async function target(page: Page): Promise<Locator> {
  const frame = page.frameLocator(IFRAME)
  const approve = frame.getByRole('button', { name: 'Approve' })
  const review = frame.getByRole('button', { name: 'Review in wallet window' })
  await approve.or(review).first().waitFor({ state: 'attached' })
  return (await approve.count()) > 0 ? approve : review
}

async function centreOf(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error('the target has no box')
  return { ...box, cx: box.x + box.width / 2, cy: box.y + box.height / 2 }
}

/**
 * Runs one attack and checks that it got nothing signed: no success answer in the next 2 s. A window the
 * tricked click opened shows the whole request (the page's origin and what is asked), and closing it,
 * as a visitor who did not mean it does, rejects; a request that opened nothing is left to the
 * script's own cancel.
 */
async function attackGetsNothing(
  page: Page,
  script: Script,
  id: string,
  shows: string,
  attack: () => Promise<void>,
): Promise<void> {
  const style = await page.locator(IFRAME).getAttribute('style')
  const opened = page
    .context()
    .waitForEvent('page', { timeout: 4000 })
    .catch(() => undefined)
  await attack()
  await sleep(2000)
  expect((await script.answers(id)).filter((answer) => answer.type.endsWith('_SUCCESS'))).toEqual([])
  const window = await opened
  if (window) {
    await sheetIn(window).getByText(shows).waitFor()
    await expect(sheetIn(window).getByText(new URL(stack().demo).host).count()).resolves.toBeGreaterThan(0)
    await window.close({ runBeforeUnload: false })
  } else if ((await script.answers(id)).length === 0) {
    await script.abort()
  }
  // One answer, and a refusal: rejected (a closed window, a Reject) or aborted (the script's cancel).
  await expect.poll(() => script.answers(id)).toHaveLength(1)
  const [answer] = await script.answers(id)
  expect(answer?.type).toBe('@portico-frame/RPC_REQUEST_ERROR')
  expect([4001, 'ABORTED']).toContain(answer?.payload?.code ?? answer?.payload?.reason)
  if (window) expect(answer?.payload?.code).toBe(4001)
  await script.restyle(style ?? '')
  await expect(walletLauncher(page).count()).resolves.toBe(0)
}

/** The demo's theme (the modal's, which the wallet's launcher and window follow). */
async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` })
  if (await toggle.isVisible()) await toggle.click()
  await page.emulateMedia({ colorScheme: theme })
}

/**
 * The honest visitor's two clicks: Review in the launcher (screenshot), then Approve or Reject in the
 * wallet window once it takes input (screenshot). Returns the window's sheet text.
 */
async function reviewAndAnswer(
  page: Page,
  answer: 'Approve' | 'Reject',
  shots?: string,
  tap = false,
): Promise<string> {
  const review = walletLauncher(page).getByRole('button', { name: 'Review in wallet window' })
  await review.waitFor()
  // The launcher alone shows on the backdrop: no edge of the modal's own view around it.
  await expect
    .poll(() =>
      page
        .locator('portico-modal')
        .locator('.dialog')
        .evaluate((dialog) => getComputedStyle(dialog).opacity),
    )
    .toBe('0')
  if (shots) {
    await settleAnimations(page)
    await screenshot(page, `${shots}-launcher`)
  }
  const opened = page.context().waitForEvent('page')
  await (tap ? review.tap() : review.click())
  const window = await opened
  // A phone opens the window as a tab of the phone's size (a desktop browser uses the size asked for).
  const size = page.viewportSize()
  if (tap && size) await window.setViewportSize(size)
  const button = sheetIn(window).getByRole('button', { name: answer, disabled: false })
  await button.waitFor()
  const text = (await sheetIn(window).textContent()) ?? ''
  if (shots) await screenshot(window, `${shots}-window`)
  const closed = window.waitForEvent('close')
  // The window closes on the answer, maybe before the tap's own wait is over.
  await (tap ? button.tap() : button.click()).catch((error: unknown) => {
    if (!window.isClosed()) throw error
  })
  await closed
  return text
}

/** Starts a request through the demo's own embedded-wallet provider (as a dApp's code does). */
function providerRequest(page: Page, key: string, method: string, params: unknown) {
  return page.evaluate(
    ({ key, method, params }) => {
      const provider = (
        window as unknown as {
          portico: { auth: { provider(): { request(args: unknown): Promise<unknown> } } }
        }
      ).portico.auth.provider()
      const holder = window as unknown as { __results?: Record<string, unknown> }
      holder.__results ??= {}
      const results = holder.__results
      provider.request({ method, params }).then(
        (value) => {
          results[key] = { value }
        },
        (error: { code?: number; message?: string }) => {
          results[key] = { error: { code: error.code, message: error.message } }
        },
      )
    },
    { key, method, params },
  )
}
const providerResult = (page: Page, key: string) =>
  page.evaluate((key) => (window as unknown as { __results?: Record<string, unknown> }).__results?.[key], key)

describe('consent happens in the wallet’s own window, which no page can crop, move, cover or focus', () => {
  let context: BrowserContext
  let page: Page
  let address: Address
  let solanaPubkey: string
  let script: Script
  const attacker = privateKeyToAddress(generatePrivateKey())
  const rpc = () => `${stack().devnet}/1`

  beforeAll(async () => {
    ;({ page, context } = await openDemo())
    address = await signInByEmail(page, uniqueEmail('victim'))
    await modal(page).getByRole('button', { name: 'Close' }).click()
    await createTestClient({ mode: 'anvil', transport: http(rpc()) }).setBalance({
      address,
      value: parseEther('1'),
    })
    script = injectedScript(page)
    await script.listen()
    await script.request('evil-accounts', 'solana_getAccounts', {})
    // (expect.poll belongs to tests: wait by hand here.)
    const deadline = Date.now() + 30_000
    while ((await script.answers('evil-accounts')).length === 0 && Date.now() < deadline) await sleep(100)
    const [accounts] = await script.answers('evil-accounts')
    solanaPubkey = (accounts?.payload as unknown as { pubkey: string }[] | undefined)?.[0]?.pubkey ?? ''
    expect(solanaPubkey).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  }, 240_000)

  afterAll(async () => {
    await context?.close()
  })

  it('attack 1a: clip-path crops the iframe to its button, a trusted click 1.2 s later signs nothing', async () => {
    await script.request('evil-clip', 'personal_sign', [stringToHex(MESSAGE), address])
    await attackGetsNothing(page, script, 'evil-clip', MESSAGE, async () => {
      await script.restyle(FULL)
      const { x, y, width, height, cx, cy } = await centreOf(await target(page))
      const viewport = page.viewportSize() ?? { width: 1200, height: 800 }
      const right = viewport.width - x - width
      const bottom = viewport.height - y - height
      await script.restyle(`${FULL}clip-path:inset(${y}px ${right}px ${bottom}px ${x}px);`)
      await sleep(1200)
      await page.mouse.click(cx, cy)
    })
  })

  it('attack 1b: top:-y shifts everything but the button off screen; 0.1 ETH to the attacker is not sent', async () => {
    const client = createPublicClient({ transport: http(rpc()) })
    const tx = { from: address, to: attacker, value: toHex(parseEther('0.1')) }
    await script.request('evil-shift', 'eth_sendTransaction', [tx])
    await attackGetsNothing(page, script, 'evil-shift', attacker, async () => {
      await script.restyle(FULL)
      const { y } = await centreOf(await target(page))
      const shift = Math.max(0, Math.round(y) - 20)
      await script.restyle(`${FULL}top:-${shift}px;`)
      await sleep(1200)
      const { cx, cy } = await centreOf(await target(page))
      await page.mouse.click(cx, cy)
    })
    await expect(client.getBalance({ address: attacker })).resolves.toBe(0n)
  })

  it('attack 1c: shown elsewhere for 1.2 s, moved under the pointer 30 ms before the click; no Solana signature', async () => {
    const message = getBase58Decoder().decode(new TextEncoder().encode('Send all my SOL'))
    await script.request('evil-move', 'solana_signMessage', { message, pubkey: solanaPubkey })
    await attackGetsNothing(page, script, 'evil-move', 'Send all my SOL', async () => {
      await script.restyle(FULL)
      const { cx, cy } = await centreOf(await target(page))
      const pointer = { x: cx + 160, y: cy - 120 }
      await page.mouse.move(pointer.x, pointer.y)
      await sleep(1200)
      await script.restyle(`${FULL}left:${pointer.x - cx}px;top:${pointer.y - cy}px;`)
      await sleep(30)
      await page.mouse.click(pointer.x, pointer.y)
    })
  })

  it('attack 1d: the page focuses the frame (contentWindow.focus()), then Tab + Enter sign nothing', async () => {
    await script.request('evil-keys', 'personal_sign', [stringToHex(MESSAGE), address])
    await attackGetsNothing(page, script, 'evil-keys', MESSAGE, async () => {
      await script.restyle(FULL)
      await target(page)
      await sleep(1200)
      await page.evaluate(() =>
        document.querySelector<HTMLIFrameElement>('iframe[name="portico-auth"]')?.contentWindow?.focus(),
      )
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
    })
  })

  it('earlier attacks: the frame kept hidden, faded to 1 %, or covered by a decoy; clicks sign nothing', async () => {
    const attacks: [string, (box: { cx: number; cy: number }) => Promise<void>][] = [
      // The dApp side keeps the frame hidden for a request it did not send.
      ['evil-hide', async () => {}],
      ['evil-fade', () => script.restyle(`${FULL}opacity:0.01;`)],
      [
        'evil-cover',
        async () => {
          await script.restyle(FULL)
          await page.evaluate(() => {
            const decoy = document.createElement('div')
            decoy.id = 'decoy'
            decoy.textContent = 'Claim your reward'
            decoy.style.cssText =
              'position:fixed;inset:0;z-index:2147483647;pointer-events:none;background:#fff;font:32px sans-serif;display:grid;place-items:center'
            document.body.append(decoy)
          })
        },
      ],
    ]
    for (const [id, hide] of attacks) {
      await script.request(id, 'personal_sign', [stringToHex(MESSAGE), address])
      await attackGetsNothing(page, script, id, MESSAGE, async () => {
        const box = await centreOf(await target(page))
        await hide(box)
        await sleep(1200)
        await page.mouse.click(box.cx, box.cy)
      })
      await page.evaluate(() => document.getElementById('decoy')?.remove())
    }
  })

  it('the visitor approves personal_sign, typed data, a transaction and a Solana signature: Review, then Approve', async () => {
    const client = createPublicClient({ transport: http(rpc()) })
    // personal_sign from the demo's own button, dark; the window names the page's origin.
    await useTheme(page, 'dark')
    await page.getByRole('button', { name: 'Sign message' }).click()
    await modal(page).getByText('Sign a message').waitFor()
    const shown = await reviewAndAnswer(page, 'Approve', 'consent-sign-desktop-dark')
    expect(shown).toContain('Hello from the Portico demo')
    expect(shown).toContain(new URL(stack().demo).host)
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()
    const signature = (await page.getByTestId('sign-result').locator('code').textContent()) as `0x${string}`
    await expect(verifyMessage({ address, message: 'Hello from the Portico demo', signature })).resolves.toBe(
      true,
    )

    // eth_signTypedData_v4, light.
    await useTheme(page, 'light')
    const typed = {
      domain: { name: 'Portico Mail', version: '1', chainId: 1 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'Hello, Bob' },
    } as const
    await providerRequest(page, 'typed', 'eth_signTypedData_v4', [address, JSON.stringify(typed)])
    const typedShown = await reviewAndAnswer(page, 'Approve', 'consent-typed-desktop-light')
    expect(typedShown).toContain('Hello, Bob')
    expect(typedShown).toContain('Portico Mail')
    await expect.poll(() => providerResult(page, 'typed')).toHaveProperty('value')
    const { value: typedSignature } = (await providerResult(page, 'typed')) as { value: `0x${string}` }
    const { EIP712Domain: _domain, ...types } = typed.types
    await expect(verifyTypedData({ ...typed, types, address, signature: typedSignature })).resolves.toBe(true)

    // eth_sendTransaction: sent once approved, from the embedded account.
    const to = privateKeyToAddress(generatePrivateKey())
    await providerRequest(page, 'send', 'eth_sendTransaction', [
      { from: address, to, value: toHex(parseEther('0.01')) },
    ])
    const sendShown = await reviewAndAnswer(page, 'Approve')
    expect(sendShown).toContain(to)
    expect(sendShown).toContain('0.01 ETH')
    await expect.poll(() => providerResult(page, 'send'), { timeout: 20_000 }).toHaveProperty('value')
    const { value: hash } = (await providerResult(page, 'send')) as { value: `0x${string}` }
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    await expect(client.getBalance({ address: to })).resolves.toBe(parseEther('0.01'))

    // solana_signMessage, through the same window.
    const solanaMessage = getBase58Decoder().decode(new TextEncoder().encode('Portico on Solana'))
    await providerRequest(page, 'solana', 'solana_signMessage', {
      message: solanaMessage,
      pubkey: solanaPubkey,
    })
    expect(await reviewAndAnswer(page, 'Approve')).toContain('Portico on Solana')
    await expect.poll(() => providerResult(page, 'solana')).toHaveProperty('value')
    const { value: solanaAnswer } = (await providerResult(page, 'solana')) as { value: { signature: string } }
    expect(getBase58Encoder().encode(solanaAnswer.signature)).toHaveLength(64)
  })

  it('the visitor approves by keyboard: Tab to Approve in the wallet window, Enter down, then up', async () => {
    await providerRequest(page, 'keyboard', 'personal_sign', [stringToHex('Signed by keyboard'), address])
    const opened = page.context().waitForEvent('page')
    await walletLauncher(page).getByRole('button', { name: 'Review in wallet window' }).click()
    const window = await opened
    const approve = sheetIn(window).getByRole('button', { name: 'Approve' })
    // Focus starts on the sheet, never on Approve: the visitor tabs to it.
    await sheetIn(window).getByText('Signed by keyboard').waitFor()
    await expect(approve.evaluate((button) => button === document.activeElement)).resolves.toBe(false)
    for (
      let tabs = 0;
      tabs < 5 && !(await approve.evaluate((button) => button === document.activeElement));
      tabs++
    )
      await window.keyboard.press('Tab')
    await expect(approve.evaluate((button) => button === document.activeElement)).resolves.toBe(true)
    await sheetIn(window).getByRole('button', { name: 'Approve', disabled: false }).waitFor()
    // Enter's way down alone (which clicks a focused button) approves nothing; its release does.
    await window.keyboard.down('Enter')
    await expect(sheetIn(window).getByText('Signed by keyboard').count()).resolves.toBe(1)
    expect(await providerResult(page, 'keyboard')).toBeUndefined()
    const closed = window.waitForEvent('close')
    await window.keyboard.up('Enter').catch((error: unknown) => {
      if (!window.isClosed()) throw error
    })
    await closed
    await expect.poll(() => providerResult(page, 'keyboard')).toHaveProperty('value')
    const { value: signature } = (await providerResult(page, 'keyboard')) as { value: `0x${string}` }
    await expect(verifyMessage({ address, message: 'Signed by keyboard', signature })).resolves.toBe(true)
  })

  it('a blocked wallet window: the launcher says so, and its button opens the window once pop-ups are allowed', async () => {
    const frame = page.frame({ name: 'portico-auth' })
    if (!frame) throw new Error('the wallet frame is not mounted')
    // The browser refuses the frame's pop-up, as a pop-up blocker does.
    await frame.evaluate(() => {
      const own = window as unknown as { __open?: typeof window.open }
      own.__open = window.open
      window.open = () => null
    })
    await providerRequest(page, 'blocked', 'personal_sign', [stringToHex('Allowed at last'), address])
    const review = walletLauncher(page).getByRole('button', { name: 'Review in wallet window' })
    await review.click()
    const host = new URL(stack().auth).host
    await walletLauncher(page)
      .getByText(`Your browser blocked the wallet window. Allow pop-ups for ${host}, then try again.`)
      .waitFor()
    await screenshot(page, 'consent-window-blocked')
    expect(await providerResult(page, 'blocked')).toBeUndefined()
    // The visitor allows pop-ups; the same button now opens the window, which approves as usual.
    await frame.evaluate(() => {
      const own = window as unknown as { __open: typeof window.open }
      window.open = own.__open
    })
    const opened = page.context().waitForEvent('page')
    await review.click()
    const popup = await opened
    await sheetIn(popup).getByText('Allowed at last').waitFor()
    const closed = popup.waitForEvent('close')
    await sheetIn(popup)
      .getByRole('button', { name: 'Approve', disabled: false })
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error
      })
    await closed
    await expect.poll(() => providerResult(page, 'blocked')).toHaveProperty('value')
    const { value: signature } = (await providerResult(page, 'blocked')) as { value: `0x${string}` }
    await expect(verifyMessage({ address, message: 'Allowed at last', signature })).resolves.toBe(true)
  })

  it('Reject in the window, or closing it, rejects with 4001; so does Reject in the launcher', async () => {
    await page.getByRole('button', { name: 'Sign message' }).click()
    await reviewAndAnswer(page, 'Reject')
    await page
      .getByTestId('sign-result')
      .getByText(/reject/i)
      .waitFor()

    await providerRequest(page, 'closed', 'personal_sign', [stringToHex('Close me'), address])
    const opened = page.context().waitForEvent('page')
    await walletLauncher(page).getByRole('button', { name: 'Review in wallet window' }).click()
    const window = await opened
    await sheetIn(window).getByText('Close me').waitFor()
    // The launcher says where the request went, and brings the window back.
    await walletLauncher(page).getByRole('heading', { name: 'Continue in the wallet window' }).waitFor()
    await walletLauncher(page).getByRole('button', { name: 'Show wallet window' }).waitFor()
    await window.close({ runBeforeUnload: false })
    await expect
      .poll(() => providerResult(page, 'closed'))
      .toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
    await expect(walletLauncher(page).count()).resolves.toBe(0)

    await providerRequest(page, 'launcher', 'personal_sign', [stringToHex('Not now'), address])
    await walletLauncher(page).getByRole('button', { name: 'Reject' }).click()
    await expect
      .poll(() => providerResult(page, 'launcher'))
      .toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
  })
})

describe('on a 375 px touch phone the wallet window opens as a tab and works', () => {
  it('light and dark: tap Review, tap Approve; the signature is the wallet’s', async () => {
    const context = await (await getBrowser()).newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    })
    const { page } = await openDemo({ context })
    const address = await signInByEmail(page, uniqueEmail('phone'))
    await modal(page).getByRole('button', { name: 'Close' }).click()
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme)
      await page.getByRole('button', { name: 'Sign message' }).tap()
      const launcher = walletLauncher(page)
      await launcher.waitFor()
      // A bottom sheet: full width, touching the bottom edge once its slide-in has settled.
      await expect
        .poll(async () => {
          const box = await launcher.boundingBox()
          return [box?.width, Math.round((box?.y ?? 0) + (box?.height ?? 0))]
        })
        .toEqual([375, 740])
      await expect(page.frameLocator(IFRAME).locator('.sheet-root').getAttribute('data-theme')).resolves.toBe(
        theme,
      )
      await reviewAndAnswer(
        page,
        theme === 'dark' ? 'Approve' : 'Reject',
        `consent-sign-phone-${theme}`,
        true,
      )
      await expect.poll(() => walletLauncher(page).count()).toBe(0)
      if (theme === 'light')
        await page
          .getByTestId('sign-result')
          .getByText(/reject/i)
          .waitFor()
    }
    await page.getByTestId('sign-result').getByText('Signature verified').waitFor()
    const signature = (await page.getByTestId('sign-result').locator('code').textContent()) as `0x${string}`
    await expect(verifyMessage({ address, message: 'Hello from the Portico demo', signature })).resolves.toBe(
      true,
    )
    await context.close()
  }, 180_000)
})
