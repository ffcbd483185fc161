import { chromium } from 'playwright-core'
import { findChromium } from '../e2e/launch-chromium.ts'
import { CHROMIUM_ARGS, startExplorer } from './bench-browser.ts'
import { serveStatic } from './static-server.ts'
const explorer = await startExplorer()
const inject = `<script>globalThis.__PORTICO_ENV__={explorerUrl:${JSON.stringify(explorer.url)}}</script>`
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
const server = await serveStatic('apps/portico/dist', inject)
const openOnce = `new Promise((resolve) => {
  const t0 = performance.now()
  const host = () => document.querySelector('portico-modal')
  const check = () => { const r = host()?.shadowRoot?.querySelector('.list .row:not([data-skeleton])'); if (r && r.getBoundingClientRect().width > 0) { resolve(performance.now() - t0); return true } return false }
  const mo = new MutationObserver(() => { if (check()) mo.disconnect() })
  mo.observe(host().shadowRoot, { childList: true, subtree: true, attributes: true })
  document.querySelector('button.portico-connect-button').click()
})`
const firsts: number[] = [], seconds: number[] = []
for (let i = 0; i < 8; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(server.url, { waitUntil: 'load' })
  await page.waitForTimeout(1500)
  firsts.push(await page.evaluate(openOnce) as number)
  await page.waitForTimeout(500)
  await page.keyboard.press('Escape')
  await page.waitForTimeout(800)
  seconds.push(await page.evaluate(openOnce) as number)
  await context.close()
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1].toFixed(1)
console.log('first open', med(firsts), firsts.map((t) => t.toFixed(0)).join(' '))
console.log('second open', med(seconds), seconds.map((t) => t.toFixed(0)).join(' '))
await browser.close(); process.exit(0)
