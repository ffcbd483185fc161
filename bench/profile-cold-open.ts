/**
 * Cold opens of the Portico bench app under the CPU profiler: where the time between the click and the
 * first wallet row goes, by function and by script. `npx tsx profile-cold-open.ts [runs]` (after
 * `npm run bench` has built apps/portico/dist); `STACKS=root` or `STACKS=leaf` also prints the sampled
 * stacks in 5 ms buckets from the click.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { findChromium } from '../e2e/launch-chromium.ts'
import { CHROMIUM_ARGS, probeScript, startExplorer } from './bench-browser.ts'
import { serveStatic } from './static-server.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const runs = Number(process.argv[2] ?? 3)
/** `QUERY=?button=own`: the dApp's own button, with the modal loaded while the page was idle. */
const query = process.env.QUERY ?? ''
const buttonSelector = query ? '#open-modal' : 'button.portico-connect-button'
const explorer = await startExplorer()
const server = await serveStatic(
  join(here, 'apps', 'portico', 'dist'),
  `<script>globalThis.__PORTICO_ENV__={explorerUrl:${JSON.stringify(explorer.url)}}</script>`,
)
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
const selfByFunction = new Map<string, number>()
const selfByUrl = new Map<string, number>()
const inclusive = new Map<string, number>()
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(
    probeScript({ buttonSelector, tileSelector: '.list .row:not([data-skeleton])' }),
  )
  const page = await context.newPage()
  // CPU=4: the bench's 4x CPU throttling.
  if (process.env.CPU) {
    const throttle = await context.newCDPSession(page)
    await throttle.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU) })
  }
  await page.goto(server.url + query, { waitUntil: 'load' })
  await page.waitForTimeout(1500)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.evaluate(
    (selector) => (document.querySelector(selector) as HTMLButtonElement).click(),
    buttonSelector,
  )
  await page.waitForFunction(
    () => (globalThis as unknown as { __bench: { tile?: number } }).__bench.tile !== undefined,
  )
  const times = await page.evaluate(
    () => (globalThis as unknown as { __bench: { click: number; tile: number } }).__bench,
  )
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number }
  }
  console.log(`run ${run}: cold open ${(times.tile - times.click).toFixed(1)} ms`)
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  // Only the samples from the click's dispatch to the tile: the window opens at the first sample in
  // the click's handler code and lasts the measured cold open.
  const at: number[] = []
  let clock = 0
  for (const delta of profile.timeDeltas) {
    clock += delta
    at.push(clock / 1000)
  }
  const first = profile.samples.findIndex((id) => {
    const name = byId.get(id)?.callFrame.functionName
    return name !== '(idle)' && name !== '(program)' && name !== '(garbage collector)'
  })
  const windowStart = at[first] ?? 0
  // STACKS: the leaf-to-root stacks of the samples in the window, by phase (ms from the window start)
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const stackOf = (id: number) => {
    const names: string[] = []
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)?.callFrame
      if (frame && frame.functionName !== '(root)')
        names.push(
          `${frame.functionName || '?'}@${frame.url.split('/').pop()?.slice(0, 8)}:${frame.lineNumber}:${frame.columnNumber}`,
        )
    }
    return names.reverse().join(' > ')
  }
  if (process.env.STACKS) {
    const buckets = new Map<string, number>()
    profile.samples.forEach((id, index) => {
      const t = (at[index] ?? 0) - windowStart
      if (t < 0 || t > times.tile - times.click) return
      const bucket = Number(process.env.BUCKET ?? 5)
      const key = `${String(Math.floor(t / bucket) * bucket).padStart(3)}ms ${stackOf(id)
        .split(' > ')
        .slice(process.env.STACKS === 'leaf' ? -5 : 0, process.env.STACKS === 'leaf' ? undefined : 9)
        .join(' > ')}`
      buckets.set(key, (buckets.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000)
    })
    for (const [key, ms] of [...buckets].sort())
      if (ms >= 0.3) console.log(`${ms.toFixed(1).padStart(5)} ${key}`)
  }
  // INCLUSIVE=1: time with callees, per function of the app's own scripts (a component's whole render).
  if (process.env.INCLUSIVE) {
    profile.samples.forEach((id, index) => {
      const t = (at[index] ?? 0) - windowStart
      if (t < 0 || t > times.tile - times.click) return
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000
      const seen = new Set<string>()
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const frame = byId.get(cur)?.callFrame
        if (!frame?.url.includes('/assets/')) continue
        const key = `${frame.functionName || '?'} ${frame.url.split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}`
        if (seen.has(key)) continue
        seen.add(key)
        inclusive.set(key, (inclusive.get(key) ?? 0) + ms)
      }
    })
  }
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)
    const sampledAt = at[index] ?? 0
    if (!node || sampledAt < windowStart || sampledAt > windowStart + (times.tile - times.click)) return
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000
    const { functionName, url, lineNumber, columnNumber } = node.callFrame
    const file = url.split('/').pop() || '(native)'
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber}:${columnNumber}`
    selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + ms)
    selfByUrl.set(file, (selfByUrl.get(file) ?? 0) + ms)
  })
  await context.close()
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / runs).toFixed(1).padStart(6)} ms  ${k}`)
    .join('\n')
console.log(`\nself time by script (per run):\n${top(selfByUrl, 15)}`)
console.log(`\nself time by function (per run):\n${top(selfByFunction, 40)}`)
if (inclusive.size)
  console.log(
    `\ntime with callees (per run):\n${top(new Map([...inclusive].filter(([key]) => !key.includes(' index-'))), 40)}`,
  )
await browser.close()
await server.close()
await explorer.close()
