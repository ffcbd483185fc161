import jsQR from 'jsqr'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  closeBrowser,
  connectButton,
  connectTestWallet,
  getBrowser,
  modal,
  openDemo,
  screenshot,
  settleAnimations,
  stack,
  walletRow,
} from './fixtures.js'

// Issue 15's real icons: the modal's wallet, social, network and token images are the explorer's logos
// (from its icon packages), and the pairing QR code carries a logo yet still decodes.
// These tests only read account 0 (the shared one); nothing here moves funds.

type Theme = 'light' | 'dark'
const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
} as const

async function visitor(
  theme: Theme = 'dark',
  viewport: keyof typeof viewports = 'desktop',
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await (await getBrowser()).newContext({ viewport: viewports[viewport] })
  await context.addInitScript((theme) => localStorage.setItem('portico-demo:theme', theme), theme)
  return openDemo({ context })
}

/** The images matching `selector` in the modal (or the page), once each has loaded or failed. */
function loadedImages(page: Page, selector: string, inModal = true) {
  return page.evaluate(
    async ({ selector, inModal }) => {
      const root = inModal ? document.querySelector('portico-modal')?.shadowRoot : document
      const images = [...(root?.querySelectorAll<HTMLImageElement>(selector) ?? [])]
      return Promise.all(
        images.map((image) =>
          image.decode().then(
            () => ({ src: image.src, naturalWidth: image.naturalWidth }),
            () => ({ src: image.src, naturalWidth: 0 }),
          ),
        ),
      )
    },
    { selector, inModal },
  )
}

/** Settles the modal's opening, then once more: a sheet's rise may start a frame after the view shows. */
async function settled(page: Page): Promise<void> {
  await settleAnimations(page)
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  await settleAnimations(page)
}

/** The SVG the explorer serves at `url`. */
async function svgAt(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url)
  expect(response.headers()['content-type']).toBe('image/svg+xml')
  return response.text()
}

describe('real icons', () => {
  afterAll(closeBrowser)

  it('Connect: social buttons and wallet rows show the logos from the explorer image routes', async () => {
    const { page, context } = await visitor()
    await connectButton(page).click()
    await walletRow(page).waitFor()

    const providers = await modal(page)
      .locator('.social[data-social]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-social')))
    expect(providers.length).toBeGreaterThan(1)
    const socials = await loadedImages(page, '.social[data-social] .social-mark img')
    expect(socials.map((image) => image.src)).toEqual(
      providers.map((provider) => `${stack().explorer}/public/getAssetImage/${provider}`),
    )
    for (const image of socials) expect(image.naturalWidth).toBeGreaterThan(0)
    // The logo, not a letter: a glyph path on the brand colour.
    expect(await svgAt(page, socials[0]?.src ?? '')).toMatch(/<path transform="[^"]+" fill="#fff" d="M/)

    // MetaMask's row: its image is the explorer's, drawn from an icon package (no letter monogram).
    const metamask = walletRow(page, 'MetaMask').locator('img')
    const src = (await metamask.getAttribute('src')) ?? ''
    expect(src.startsWith(`${stack().explorer}/getWalletImage/`)).toBe(true)
    await expect(
      metamask.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth)),
    ).resolves.toBeGreaterThan(0)
    const metamaskSvg = await svgAt(page, src)
    expect(metamaskSvg).toContain('class="web3icons"')
    expect(metamaskSvg).not.toContain('<text')
    await context.close()
  })

  it('Networks: every network shows its logo from /public/getAssetImage/{CAIP-2 id}, the button too', async () => {
    const { page, context } = await visitor()
    const button = await loadedImages(page, '.portico-network-button .portico-network-dot img', false)
    expect(button).toEqual([{ src: `${stack().explorer}/public/getAssetImage/eip155:1`, naturalWidth: 96 }])

    await page.locator('button.portico-network-button').click()
    await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
    // The title is the dialog's; the view's rows come with its code, which a fast click can outrun.
    await modal(page).locator('[data-chain-id]').first().waitFor()
    const rows = await page.evaluate(() =>
      [
        ...(document.querySelector('portico-modal')?.shadowRoot?.querySelectorAll('[data-chain-id]') ?? []),
      ].map((row) => row.getAttribute('data-chain-id')),
    )
    const dots = await loadedImages(page, '[data-chain-id] .portico-network-dot img')
    // The demo's EVM chains (numeric ids) and Solana clusters (genesis-hash references) share the list.
    const caipIds = rows.map((chainId) =>
      /^\d+$/.test(chainId ?? '') ? `eip155:${chainId}` : `solana:${chainId}`,
    )
    expect(caipIds.filter((id) => id.startsWith('solana:'))).toHaveLength(3)
    expect(dots.map((image) => image.src)).toEqual(
      caipIds.map((id) => `${stack().explorer}/public/getAssetImage/${id}`),
    )
    for (const image of dots) expect(image.naturalWidth).toBeGreaterThan(0)
    expect(await svgAt(page, `${stack().explorer}/public/getAssetImage/eip155:8453`)).toContain(
      'class="web3icons"',
    )
    await context.close()
  })

  it('Account: the balances show each token’s logo from /public/getTokenImage/{symbol}', async () => {
    const { page, context } = await visitor()
    await connectTestWallet(page)
    await modal(page).getByTestId('token-USDC').waitFor()
    const tokens = await loadedImages(page, '.tokens .token img')
    expect(tokens.length).toBeGreaterThanOrEqual(2)
    for (const image of tokens) {
      expect(image.src).toMatch(new RegExp(`^${stack().explorer}/public/getTokenImage/[A-Z]+$`))
      expect(image.naturalWidth).toBeGreaterThan(0)
    }
    expect(tokens.map((image) => image.src)).toContain(`${stack().explorer}/public/getTokenImage/USDC`)
    await context.close()
  })

  it('Pairing: the QR code carries the WalletConnect logo in its centre and still decodes to the URI', async () => {
    const { page, context } = await visitor('light')
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'WalletConnect' }).click()
    await modal(page).locator('[data-pairing-uri^="wc:"]').waitFor()
    const uri = (await modal(page).locator('[data-pairing-uri]').getAttribute('data-pairing-uri')) as string
    const [logo] = await loadedImages(page, '.qr-frame img.qr-logo')
    expect(logo).toEqual({ src: `${stack().explorer}/public/getAssetImage/walletconnect`, naturalWidth: 96 })
    await settleAnimations(page)

    // The code as the screen shows it, logo included, read back by a QR decoder.
    const png = await modal(page).locator('.qr-frame').screenshot()
    const { width, height, pixels } = await page.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const context2d = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
      context2d.drawImage(bitmap, 0, 0)
      const data = context2d.getImageData(0, 0, bitmap.width, bitmap.height).data
      return { width: bitmap.width, height: bitmap.height, pixels: [...data] }
    }, png.toString('base64'))
    expect(jsQR(Uint8ClampedArray.from(pixels), width, height)?.data).toBe(uri)
    await screenshot(page, 'icons-pairing-qr-logo')
    await context.close()
  })

  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`screenshots of Connect, Networks and Account with real icons (${viewport}, ${theme})`, async () => {
        const { page, context } = await visitor(theme, viewport)
        await connectButton(page).click()
        await walletRow(page).waitFor()
        await loadedImages(page, 'img')
        await settled(page)
        await screenshot(page, `icons-connect-${viewport}-${theme}`)
        await page.keyboard.press('Escape')
        await modal(page).waitFor({ state: 'hidden' })

        await page.locator('button.portico-network-button').click()
        await modal(page).getByRole('heading', { name: 'Choose network' }).waitFor()
        await loadedImages(page, 'img')
        await settled(page)
        await screenshot(page, `icons-networks-${viewport}-${theme}`)
        await page.keyboard.press('Escape')
        await modal(page).waitFor({ state: 'hidden' })

        await connectTestWallet(page)
        await modal(page).getByTestId('token-USDC').waitFor()
        await loadedImages(page, 'img')
        await settled(page)
        await screenshot(page, `icons-account-${viewport}-${theme}`)
        await context.close()
      })
    }
  }
})
