/**
 * One cold open of the Portico bench app under Chromium's tracing: a timeline from the click to the first
 * wallet row of what the main thread did (tasks, module compile and evaluation, style, layout) and when
 * each request went out and came back. `npx tsx trace-cold-open.ts [runs] [--cpu 4] [--app portico]`
 * after `npm run bench` has built the apps.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { findChromium } from '../e2e/launch-chromium.ts'
import { CHROMIUM_ARGS, probeScript, startExplorer } from './bench-browser.ts'
import { serveStatic } from './static-server.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cpu: { type: 'string', default: '1' },
    app: { type: 'string', default: 'portico' },
    /** `?button=own`: the dApp's own button (the modal is loaded while the page is idle). */
    query: { type: 'string', default: '' },
  },
})
const runs = Number(positionals[0] ?? 1)
const portico = args.app === 'portico'
const explorer = await startExplorer()
const server = await serveStatic(
  join(here, 'apps', args.app ?? 'portico', 'dist'),
  `<script>globalThis.__PORTICO_ENV__={explorerUrl:${JSON.stringify(explorer.url)}}</script>`,
)
const buttonSelector = portico && !args.query ? 'button.portico-connect-button' : '#open-modal'
const tileSelector = portico ? '.list .row:not([data-skeleton])' : '[data-testid^="rk-wallet-option-"]'
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: { data?: Record<string, unknown>; [key: string]: unknown }
}
/** Main-thread events worth a line, and the requests. */
const SHOWN = new Set([
  'RunTask',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.compile',
  'FunctionCall',
  'EventDispatch',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'TimerFire',
  'FireAnimationFrame',
  'HandlePostMessage',
  'v8.produceModuleCache',
  'V8.GCScavenger',
  'MajorGC',
  'MinorGC',
])
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(probeScript({ buttonSelector, tileSelector }))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  if (args.cpu !== '1') await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) })
  await page.goto(server.url + (args.query ?? ''), { waitUntil: 'load' })
  await page.waitForTimeout(2000)
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'v8',
      'blink.user_timing',
      'loading',
      'toplevel',
    ],
  })
  const clickedAt = await page.evaluate((selector) => {
    performance.mark('bench-click')
    ;(document.querySelector(selector) as HTMLElement).click()
    return performance.now()
  }, buttonSelector)
  await page.waitForFunction(
    () => (globalThis as unknown as { __bench: { tile?: number } }).__bench.tile !== undefined,
  )
  await page.waitForTimeout(100)
  const times = await page.evaluate(
    () => (globalThis as unknown as { __bench: { click: number; tile: number; tileBy: string } }).__bench,
  )
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
  const events = trace.traceEvents
  const mark = events.find((event) => event.name === 'bench-click')
  if (!mark) throw new Error('no click mark in the trace')
  const origin = mark.ts
  const main = mark.tid
  const end = origin + (times.tile - times.click) * 1000 + 2000
  console.log(
    `\nrun ${run}: cold open ${(times.tile - times.click).toFixed(1)} ms (tile by ${times.tileBy}; click at ${clickedAt.toFixed(0)})`,
  )
  const ms = (ts: number) => ((ts - origin) / 1000).toFixed(1).padStart(6)
  const lines: [number, string][] = []
  const urls = new Map<unknown, string>()
  for (const event of events)
    if (event.name === 'ResourceSendRequest')
      urls.set(event.args?.data?.requestId, String(event.args?.data?.url))
  for (const event of events) {
    if (event.ts < origin - 500 || event.ts > end) continue
    const data = event.args?.data ?? {}
    if (/^Resource(SendRequest|ReceiveResponse|Finish)$/.test(event.name)) {
      const url = String(data.url ?? urls.get(data.requestId) ?? data.requestId)
      lines.push([
        event.ts,
        `${ms(event.ts)}        net ${event.name.replace('Resource', '')} ${url.slice(-60)}`,
      ])
      continue
    }
    if (event.tid !== main || !SHOWN.has(event.name) || event.ph !== 'X') continue
    const dur = (event.dur ?? 0) / 1000
    if (dur < 0.2) continue
    const what = String(data.url ?? data.functionName ?? data.type ?? event.args?.fileName ?? '')
      .split('/')
      .pop()
    lines.push([event.ts, `${ms(event.ts)} ${dur.toFixed(1).padStart(5)}  ${event.name} ${what ?? ''}`])
  }
  for (const [, line] of lines.sort((a, b) => a[0] - b[0])) console.log(line)
  await context.close()
}
await browser.close()
await server.close()
await explorer.close()
