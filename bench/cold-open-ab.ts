/**
 * Cold opens of several builds of an app side by side, turns alternating, for comparing a change within
 * one run on a busy machine: `npx tsx cold-open-ab.ts --runs 15 name=dist-dir …` (an `rk` entry serves
 * RainbowKit's app). Each turn is a fresh context and page whose script calls the button's click() with no
 * pointer before it; prints the median and quartiles of click → first wallet row per build, at 1x and 4x CPU.
 */
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { findChromium } from '../e2e/launch-chromium.ts'
import { CHROMIUM_ARGS, probeScript, startExplorer } from './bench-browser.ts'
import type { ProbeTimes } from './page-probe.ts'
import { serveStatic } from './static-server.ts'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '11' }, rates: { type: 'string', default: '1,4' } },
})
const explorer = await startExplorer()
const inject = `<script>globalThis.__PORTICO_ENV__={explorerUrl:${JSON.stringify(explorer.url)}}</script>`
const variants = await Promise.all(
  positionals.map(async (entry) => {
    const [name = entry, dir = entry] = entry.split('=')
    const rainbow = name === 'rk'
    return {
      name,
      server: await serveStatic(dir, inject),
      button: rainbow ? '#open-modal' : 'button.portico-connect-button',
      tile: rainbow ? '[data-testid^="rk-wallet-option-"]' : '.list .row:not([data-skeleton])',
    }
  }),
)
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
for (const rate of (args.rates ?? '1').split(',').map(Number)) {
  const times = new Map<string, number[]>(variants.map((variant) => [variant.name, []]))
  for (let run = -1; run < Number(args.runs); run++) {
    for (const variant of run % 2 ? variants : [...variants].reverse()) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      await context.addInitScript(probeScript({ buttonSelector: variant.button, tileSelector: variant.tile }))
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate })
      await page.goto(variant.server.url, { waitUntil: 'load' })
      await page.waitForTimeout(2000)
      await page.evaluate(
        (selector) => (document.querySelector(selector) as HTMLElement).click(),
        variant.button,
      )
      await page.waitForFunction(
        () => (globalThis as unknown as { __bench: ProbeTimes }).__bench.tile !== undefined,
        null,
        { polling: 50 },
      )
      const { click = 0, tile = 0 } = await page.evaluate(
        () => (globalThis as unknown as { __bench: ProbeTimes }).__bench,
      )
      // The first round warms the server and the browser up; it is not counted.
      if (run >= 0) times.get(variant.name)?.push(tile - click)
      await context.close()
    }
  }
  for (const [name, values] of times)
    console.log(
      `${rate}x ${name.padEnd(12)} median ${quantile(values, 0.5).toFixed(1).padStart(6)} ms  (q1 ${quantile(values, 0.25).toFixed(1)}, q3 ${quantile(values, 0.75).toFixed(1)}, n ${values.length})`,
    )
}
await browser.close()
for (const variant of variants) await variant.server.close()
await explorer.close()
