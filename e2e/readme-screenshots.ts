// Takes the README's screenshots of today's modal: the Connect view as a visitor first sees it, and the
// Account view once connected (dark theme, 1280x800, the demo on the local stack). Run it after a build:
//   npm run build -w @portico/demo -w @portico/wallet && npm run build:page -w @portico/frame
//   npx tsx --conditions=portico:source e2e/readme-screenshots.ts
// It starts its own stack on free ports and a throw-away data folder, so a running `npm start` is untouched.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FREE_PORTS, startStack } from '@portico/stack'
import type { Page } from 'playwright-core'
import { launchChromium } from './launch-chromium.js'

const docs = join(import.meta.dirname, '../docs')

/**
 * Resolves once the page's finite animations (the modal's opening) have finished and no new one started
 * in the frames after them, so the screenshot never catches the dialog half faded in.
 */
const settle = (page: Page) =>
  page.evaluate(async () => {
    // No named helpers in here: the page runs this function's source as written.
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const root = document.querySelector('portico-modal')?.shadowRoot
      const running = [...document.getAnimations(), ...(root?.getAnimations() ?? [])].filter(
        (animation) =>
          animation.playState === 'running' &&
          animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
      )
      if (running.length === 0) return
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
    }
  })

/** Waits until every image in the modal has loaded (wallet and network logos), so none shows half drawn. */
const imagesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...(document.querySelector('portico-modal')?.shadowRoot?.querySelectorAll('img') ?? [])].every(
      (image) => image.complete,
    ),
  )

const dataDir = await mkdtemp(join(tmpdir(), 'portico-screenshots-'))
const stack = await startStack({
  host: '127.0.0.1',
  ports: FREE_PORTS,
  dataDir,
  clean: true,
  testWallet: true,
})
const browser = await launchChromium()
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => localStorage.setItem('portico-demo:theme', 'dark'))
  const page = await context.newPage()
  await page.goto(stack.urls.demo, { waitUntil: 'networkidle' })
  const modal = page.locator('portico-modal .dialog')
  const connectButton = page.locator('button.portico-connect-button')

  await connectButton.click()
  await modal.getByRole('button', { name: /Portico Test Wallet/ }).waitFor()
  await imagesLoaded(page)
  await settle(page)
  await page.screenshot({ path: join(docs, 'modal-connect.png') })

  await modal.getByRole('button', { name: /Portico Test Wallet/ }).click()
  await page
    .getByRole('dialog', { name: 'Portico Test Wallet request' })
    .getByRole('button', { name: 'Approve' })
    .click()
  await modal.waitFor({ state: 'hidden' })
  await connectButton.click()
  await modal.getByTestId('token-USDC').waitFor()
  await imagesLoaded(page)
  await settle(page)
  await page.screenshot({ path: join(docs, 'modal-account.png') })
  console.log(`wrote ${join(docs, 'modal-connect.png')} and ${join(docs, 'modal-account.png')}`)
} finally {
  await browser.close()
  await stack.stop()
  await rm(dataDir, { recursive: true, force: true })
}
