/**
 * Side-by-side size and speed benchmark of Portico and three peers (Web3Modal 5, Reown AppKit, RainbowKit).
 *
 *   npm run bench                      (inside bench/; from the repository root: npm run bench)
 *   npm run bench -- --runs 9 --no-build --apps portico,rainbowkit
 *
 * Builds Portico's packages (the app bundles their builds, as a dApp would) and the four apps with
 * Vite, serves each dist on loopback, starts Portico's explorer on loopback
 * (Portico's own self-hosted backend: the wallet list comes from it), and drives Debian's Chromium.
 * Every external host fails DNS at once (--host-resolver-rules), so the run is the same with or without
 * internet. Writes results/latest.json and results/latest.md and prints the table.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium, type Page } from 'playwright-core'
import { build } from 'vite'
import { findChromium } from '../e2e/launch-chromium.ts'
import type { ChunkReport, Owner } from './apps/chunk-report.ts'
import { CHROMIUM_ARGS, probeScript, startExplorer } from './bench-browser.ts'
import type { ProbeTimes } from './page-probe.ts'
import { buildPorticoPackages } from './portico-packages.ts'
import { serveStatic } from './static-server.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const repo = join(here, '..')

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '7' },
    'no-build': { type: 'boolean', default: false },
    apps: { type: 'string' },
    'click-delay': { type: 'string', default: '2000' },
    hover: { type: 'string', default: '100' },
  },
})
const RUNS = Math.max(1, Number(args.runs))
/** The click comes this long after the load event, for every app (RainbowKit needs wagmi to settle). */
const CLICK_DELAY_MS = Number(args['click-delay'])
/**
 * A visitor's pointer rests on a button before pressing it (the last, homing phase of a pointing
 * movement); the pointer rests on the button this long before the click, for every app. The cold open,
 * measured beside it, has no pointer at all: the button's click() from script, like a dApp's own open().
 */
const HOVER_MS = Number(args.hover)
/** Heap is read this long after the first wallet tile showed (open animations have finished by then). */
const HEAP_DELAY_MS = 1000
const RATES = [1, 4] as const

interface AppSpec {
  name: string
  label: string
  /** The package whose version is reported. */
  pkg: string
  buttonSelector: string
  tileSelector: string
  peer: boolean
  /**
   * The same app where the dApp opens the modal from its own plain button (`open()`), as the peers'
   * apps do: the page's query and that button. Peers' apps are that already.
   */
  ownButton?: { query: string; buttonSelector: string }
}

const ALL_APPS: AppSpec[] = [
  {
    name: 'portico',
    label: 'Portico',
    pkg: '@portico/react',
    buttonSelector: 'button.portico-connect-button',
    tileSelector: '.list .row:not([data-skeleton])',
    peer: false,
    ownButton: { query: '?button=own', buttonSelector: '#open-modal' },
  },
  {
    name: 'web3modal',
    label: 'Web3Modal',
    pkg: '@web3modal/wagmi',
    buttonSelector: '#open-modal',
    tileSelector: '[data-testid="wallet-selector-walletconnect"]',
    peer: true,
  },
  {
    name: 'appkit',
    label: 'Reown AppKit',
    pkg: '@reown/appkit',
    buttonSelector: '#open-modal',
    tileSelector: '[data-testid="wallet-selector-walletconnect"]',
    peer: true,
  },
  {
    name: 'rainbowkit',
    label: 'RainbowKit',
    pkg: '@rainbow-me/rainbowkit',
    buttonSelector: '#open-modal',
    tileSelector: '[data-testid^="rk-wallet-option-"]',
    peer: true,
  },
]
const apps = args.apps ? ALL_APPS.filter((app) => args.apps?.split(',').includes(app.name)) : ALL_APPS

// ---------- bundle ----------

interface FileSize {
  raw: number
  gzip: number
  /** gzip bytes of this file by owner, scaled so they add up to `gzip`. */
  owners: Partial<Record<Owner, number>>
}

function bundleFiles(app: AppSpec): Map<string, FileSize> {
  const dist = join(here, 'apps', app.name, 'dist')
  const report: ChunkReport[] = JSON.parse(readFileSync(join(dist, '.vite/chunk-report.json'), 'utf8'))
  const files = new Map<string, FileSize>()
  for (const name of readdirSync(join(dist, 'assets'))) {
    if (!name.endsWith('.js')) continue
    const body = readFileSync(join(dist, 'assets', name))
    const gzip = gzipSync(body, { level: 9 }).length
    const chunk = report.find((entry) => entry.fileName === `assets/${name}`)
    const estimated = Object.values(chunk?.owners ?? {}).reduce((sum, owner) => sum + owner.gzip, 0)
    const owners: FileSize['owners'] = {}
    for (const [owner, size] of Object.entries(chunk?.owners ?? {}) as [Owner, { gzip: number }][])
      owners[owner] = estimated ? (size.gzip / estimated) * gzip : 0
    files.set(`/assets/${name}`, { raw: body.length, gzip, owners })
  }
  return files
}

// ---------- browser ----------

type Interaction = 'hover-click' | 'cold'

interface RunResult {
  button: number
  clickToTile: number
  /** The same page's twin run with no pointer before the click (script calls the button's click()). */
  coldClickToTile: number
  /** A cold open where the dApp opens from its own button (the peers' apps: the same as coldClickToTile). */
  coldOwnClickToTile: number
  tileBy: string
  jsBefore: string[]
  jsAfter: string[]
  heapMB: number
  heapAfterGcMB: number
  failedRequests: number
  pageErrors: string[]
}

async function loadedScripts(page: Page, origin: string): Promise<string[]> {
  const names = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
  return [
    ...new Set(
      names
        .filter((name) => name.startsWith(origin))
        .map((name) => new URL(name).pathname)
        .filter((path) => path.endsWith('.js')),
    ),
  ]
}

async function measureOnce(
  browser: Browser,
  app: AppSpec,
  url: string,
  rate: number,
  interaction: Interaction,
): Promise<Omit<RunResult, 'coldClickToTile' | 'coldOwnClickToTile'>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    let failedRequests = 0
    const pageErrors: string[] = []
    page.on('requestfailed', () => failedRequests++)
    page.on('pageerror', (error) => pageErrors.push(String(error).slice(0, 200)))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    await page.addInitScript(
      probeScript({ buttonSelector: app.buttonSelector, tileSelector: app.tileSelector }),
    )

    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    const read = () => page.evaluate(() => (globalThis as unknown as { __bench: ProbeTimes }).__bench)
    await page.waitForFunction(
      () => (globalThis as unknown as { __bench: ProbeTimes }).__bench.button !== undefined,
      null,
      { timeout: 60_000, polling: 50 },
    )
    await page.waitForTimeout(CLICK_DELAY_MS)
    const jsBefore = await loadedScripts(page, url)
    if (interaction === 'hover-click') {
      await page.hover(app.buttonSelector)
      await page.waitForTimeout(HOVER_MS)
      await page.click(app.buttonSelector)
    } else {
      await page.evaluate(
        (selector) => (document.querySelector(selector) as HTMLElement).click(),
        app.buttonSelector,
      )
    }
    await page.waitForFunction(
      () => (globalThis as unknown as { __bench: ProbeTimes }).__bench.tile !== undefined,
      null,
      { timeout: 30_000, polling: 50 },
    )
    if (interaction === 'hover-click') await page.waitForTimeout(HEAP_DELAY_MS)
    const jsAfter = await loadedScripts(page, url)
    const heap = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024
    }
    const heapMB = await heap()
    await cdp.send('HeapProfiler.collectGarbage')
    const heapAfterGcMB = await heap()
    const times = await read()
    if (times.button === undefined || times.click === undefined || times.tile === undefined)
      throw new Error(`${app.name}: incomplete times ${JSON.stringify(times)}`)
    return {
      button: times.button,
      clickToTile: times.tile - times.click,
      tileBy: times.tileBy ?? '',
      jsBefore,
      jsAfter,
      heapMB,
      heapAfterGcMB,
      failedRequests,
      pageErrors,
    }
  } finally {
    await context.close()
  }
}

// ---------- statistics and output ----------

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const KB = 1024
const sumGzip = (files: Map<string, FileSize>, paths: string[], owners?: Owner[]) =>
  paths.reduce((sum, path) => {
    const file = files.get(path)
    if (!file) return sum
    if (!owners) return sum + file.gzip
    return sum + owners.reduce((total, owner) => total + (file.owners[owner] ?? 0), 0)
  }, 0)

interface AppSummary {
  name: string
  label: string
  version: string
  peer: boolean
  bundle: {
    files: number
    totalRawKB: number
    totalGzipKB: number
    /** The entry chunk and its static imports: what the first paint needs. */
    entryGzipKB: number
    /** Of the entry closure: code that is not React, react-dom or the app (the modal library and its deps). */
    entryLibraryGzipKB: number
    /** Portico only: @portico/* code in the entry closure. */
    entryPorticoPackagesGzipKB?: number
  }
  medians: {
    jsBeforeClickKB: number
    jsAfterOpenKB: number
    openAddsKB: number
    /** Bytes before the click that are not React, react-dom or the app itself (the modal library and its deps). */
    libraryBeforeClickKB: number
    /** Portico app only: @portico/* package code alone, before the click. */
    porticoPackagesBeforeClickKB?: number
    jsFilesBeforeClick: number
    jsFilesOnOpen: number
    buttonMs: number
    clickToTileMs: number
    buttonMs4x: number
    clickToTileMs4x: number
    coldClickToTileMs: number
    coldClickToTileMs4x: number
    coldOwnClickToTileMs: number
    coldOwnClickToTileMs4x: number
    heapMB: number
    heapAfterGcMB: number
    failedRequests: number
  }
  ranges: Record<string, [number, number]>
  pageErrors: string[]
  runs: Record<string, Omit<RunResult, 'jsBefore' | 'jsAfter' | 'pageErrors'>[]>
}

function version(pkg: string): string {
  const base = pkg.startsWith('@portico/')
    ? join(repo, 'packages', pkg.split('/')[1] ?? '')
    : join(here, 'node_modules', pkg)
  return JSON.parse(readFileSync(join(base, 'package.json'), 'utf8')).version
}

function entryClosure(app: AppSpec): string[] {
  const manifest = JSON.parse(readFileSync(join(here, 'apps', app.name, 'dist/.vite/manifest.json'), 'utf8'))
  const seen = new Set<string>()
  const visit = (key: string) => {
    const item = manifest[key]
    if (!item || seen.has(`/${item.file}`)) return
    seen.add(`/${item.file}`)
    for (const next of item.imports ?? []) visit(next)
  }
  for (const [key, item] of Object.entries(manifest) as [string, { isEntry?: boolean }][])
    if (item.isEntry) visit(key)
  return [...seen]
}

function summarize(
  app: AppSpec,
  files: Map<string, FileSize>,
  runs: Record<number, RunResult[]>,
): AppSummary {
  const plain = runs[1] ?? []
  const slow = runs[4] ?? []
  const all = [...plain, ...slow]
  const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10
  const ms = (value: number) => Math.round(value)
  const mb = (value: number) => Math.round(value * 10) / 10
  const jsBefore = all.map((run) => sumGzip(files, run.jsBefore))
  const jsAfter = all.map((run) => sumGzip(files, run.jsAfter))
  const range = (values: number[]): [number, number] => [ms(Math.min(...values)), ms(Math.max(...values))]
  const totalRaw = [...files.values()].reduce((sum, file) => sum + file.raw, 0)
  const totalGzip = [...files.values()].reduce((sum, file) => sum + file.gzip, 0)
  return {
    name: app.name,
    label: app.label,
    version: version(app.pkg),
    peer: app.peer,
    bundle: {
      files: files.size,
      totalRawKB: kb(totalRaw),
      totalGzipKB: kb(totalGzip),
      entryGzipKB: kb(sumGzip(files, entryClosure(app))),
      entryLibraryGzipKB: kb(sumGzip(files, entryClosure(app), ['portico', 'deps'])),
      ...(app.peer ? {} : { entryPorticoPackagesGzipKB: kb(sumGzip(files, entryClosure(app), ['portico'])) }),
    },
    medians: {
      jsBeforeClickKB: kb(median(jsBefore)),
      jsAfterOpenKB: kb(median(jsAfter)),
      openAddsKB: kb(median(all.map((_run, index) => (jsAfter[index] ?? 0) - (jsBefore[index] ?? 0)))),
      libraryBeforeClickKB: kb(median(all.map((run) => sumGzip(files, run.jsBefore, ['portico', 'deps'])))),
      ...(app.peer
        ? {}
        : {
            porticoPackagesBeforeClickKB: kb(
              median(all.map((run) => sumGzip(files, run.jsBefore, ['portico']))),
            ),
          }),
      jsFilesBeforeClick: median(all.map((run) => run.jsBefore.length)),
      jsFilesOnOpen: median(all.map((run) => run.jsAfter.length - run.jsBefore.length)),
      buttonMs: ms(median(plain.map((run) => run.button))),
      clickToTileMs: ms(median(plain.map((run) => run.clickToTile))),
      buttonMs4x: ms(median(slow.map((run) => run.button))),
      clickToTileMs4x: ms(median(slow.map((run) => run.clickToTile))),
      coldClickToTileMs: ms(median(plain.map((run) => run.coldClickToTile))),
      coldClickToTileMs4x: ms(median(slow.map((run) => run.coldClickToTile))),
      coldOwnClickToTileMs: ms(median(plain.map((run) => run.coldOwnClickToTile))),
      coldOwnClickToTileMs4x: ms(median(slow.map((run) => run.coldOwnClickToTile))),
      heapMB: mb(median(plain.map((run) => run.heapMB))),
      heapAfterGcMB: mb(median(plain.map((run) => run.heapAfterGcMB))),
      failedRequests: median(plain.map((run) => run.failedRequests)),
    },
    ranges: {
      buttonMs: range(plain.map((run) => run.button)),
      clickToTileMs: range(plain.map((run) => run.clickToTile)),
      buttonMs4x: range(slow.map((run) => run.button)),
      clickToTileMs4x: range(slow.map((run) => run.clickToTile)),
      coldClickToTileMs: range(plain.map((run) => run.coldClickToTile)),
      coldClickToTileMs4x: range(slow.map((run) => run.coldClickToTile)),
      coldOwnClickToTileMs: range(plain.map((run) => run.coldOwnClickToTile)),
      coldOwnClickToTileMs4x: range(slow.map((run) => run.coldOwnClickToTile)),
    },
    pageErrors: [...new Set(all.flatMap((run) => run.pageErrors))].slice(0, 5),
    runs: Object.fromEntries(
      Object.entries(runs).map(([rate, list]) => [
        `cpu${rate}x`,
        list.map(({ jsBefore: _b, jsAfter: _a, pageErrors: _e, ...rest }) => rest),
      ]),
    ),
  }
}

type MetricKey = keyof AppSummary['medians']
const COLUMNS: { key: MetricKey; title: string }[] = [
  { key: 'jsBeforeClickKB', title: 'JS before click (KB gz)' },
  { key: 'jsAfterOpenKB', title: 'JS after open (KB gz)' },
  { key: 'openAddsKB', title: 'open adds (KB gz)' },
  { key: 'buttonMs', title: 'button visible (ms)' },
  { key: 'clickToTileMs', title: 'click → wallet tile (ms)' },
  { key: 'buttonMs4x', title: 'button 4x CPU (ms)' },
  { key: 'clickToTileMs4x', title: 'click → tile 4x CPU (ms)' },
  { key: 'coldClickToTileMs', title: 'cold open → tile (ms)' },
  { key: 'coldClickToTileMs4x', title: 'cold open → tile 4x CPU (ms)' },
  { key: 'coldOwnClickToTileMs', title: "cold open, dApp's own button → tile (ms)" },
  { key: 'coldOwnClickToTileMs4x', title: "cold open, dApp's own button → tile 4x CPU (ms)" },
  { key: 'heapMB', title: 'JS heap after open (MB)' },
]

function bestPeer(summaries: AppSummary[], key: MetricKey): number | undefined {
  const values = summaries
    .filter((summary) => summary.peer)
    .map((summary) => summary.medians[key] ?? Infinity)
  return values.length ? Math.min(...values) : undefined
}

function cell(summary: AppSummary, key: MetricKey, summaries: AppSummary[]): string {
  const value = summary.medians[key] ?? 0
  const best = bestPeer(summaries, key)
  const ratio = best ? ` (${(value / best).toFixed(2)}×)` : ''
  return `${value}${ratio}`
}

function markdownTable(summaries: AppSummary[]): string {
  const header = ['app', ...COLUMNS.map((column) => column.title)]
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i ? '---:' : '---')).join('|')}|`]
  for (const summary of summaries)
    lines.push(
      `| ${summary.label} ${summary.version} | ${COLUMNS.map((column) => cell(summary, column.key, summaries)).join(' | ')} |`,
    )
  return lines.join('\n')
}

interface Budget {
  name: string
  limit: string
  measured: string
  pass: boolean
}

/** KB rounded to one decimal, for a difference of two rounded figures. */
const kbOf = (value: number) => Math.round(value * 10) / 10

function budgets(summaries: AppSummary[]): Budget[] {
  const portico = summaries.find((summary) => summary.name === 'portico')
  if (!portico) return []
  const m = portico.medians
  const peers = summaries.filter((summary) => summary.peer)
  const minPeer = (key: MetricKey) =>
    peers.length ? Math.min(...peers.map((peer) => peer.medians[key] ?? 0)) : NaN
  /** A median below every peer's, at 1x and at 4x CPU. */
  const belowEveryPeer = (name: string, key: MetricKey, key4x: MetricKey): Budget => ({
    name,
    limit: 'below every peer, at 1x and 4x CPU',
    measured: `${m[key]} ms vs best peer ${minPeer(key)} ms (4x: ${m[key4x]} vs ${minPeer(key4x)} ms)`,
    pass: (m[key] ?? Infinity) < minPeer(key) && (m[key4x] ?? Infinity) < minPeer(key4x),
  })
  return [
    {
      name: 'Portico code in the first paint',
      limit: '≤ 15 KB gz',
      measured: `${portico.bundle.entryLibraryGzipKB} KB gz, of which @portico/* ${portico.bundle.entryPorticoPackagesGzipKB} KB and its npm deps the rest`,
      pass: portico.bundle.entryLibraryGzipKB <= 15,
    },
    {
      name: 'All JS in the first paint (React included)',
      limit: '≤ 80 KB gz',
      measured: `${portico.bundle.entryGzipKB} KB gz; before the click, with what loads once the page is idle (the modal, by default): ${m.jsBeforeClickKB} KB gz`,
      pass: portico.bundle.entryGzipKB <= 80,
    },
    {
      name: 'Opening adds',
      limit: '≤ 40 KB gz',
      measured: `${m.openAddsKB} KB gz fetched from the click until the heap is read; by default the modal loads once the page is idle, with the config's full validation (zod): ${kbOf(m.jsBeforeClickKB - portico.bundle.entryGzipKB)} KB gz after the first paint`,
      pass: m.openAddsKB <= 40,
    },
    {
      name: 'Click → first wallet tile (median)',
      limit: '≤ 30 ms and below every peer',
      measured: `${m.clickToTileMs} ms (best peer ${minPeer('clickToTileMs')} ms)`,
      pass: m.clickToTileMs <= 30 && m.clickToTileMs < minPeer('clickToTileMs'),
    },
    {
      name: 'Click → first wallet tile at 4x CPU',
      limit: '≤ 120 ms',
      measured: `${m.clickToTileMs4x} ms (best peer ${minPeer('clickToTileMs4x')} ms)`,
      pass: m.clickToTileMs4x <= 120,
    },
    belowEveryPeer(
      'Cold open (script click() on the button, nothing before it) → first wallet tile',
      'coldClickToTileMs',
      'coldClickToTileMs4x',
    ),
    belowEveryPeer(
      "Cold open from the dApp's own button (open()) → first wallet tile",
      'coldOwnClickToTileMs',
      'coldOwnClickToTileMs4x',
    ),
    {
      name: 'Button visible',
      limit: "≤ half the best peer's time",
      measured: `${m.buttonMs} ms vs best peer ${minPeer('buttonMs')} ms (4x: ${m.buttonMs4x} vs ${minPeer('buttonMs4x')} ms)`,
      pass: m.buttonMs <= minPeer('buttonMs') / 2,
    },
  ]
}

function chromiumVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return 'unknown'
  }
}

// ---------- main ----------

async function main() {
  if (!args['no-build']) {
    if (apps.some((app) => !app.peer)) buildPorticoPackages()
    for (const app of apps) {
      const started = performance.now()
      const root = join(here, 'apps', app.name)
      await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'error' })
      console.log(`built ${app.name} in ${Math.round(performance.now() - started)} ms`)
    }
  }
  const files = new Map(apps.map((app) => [app.name, bundleFiles(app)]))

  const explorer = await startExplorer()
  const servers = new Map<string, Awaited<ReturnType<typeof serveStatic>>>()
  for (const app of apps) {
    const snippet =
      app.name === 'portico'
        ? `<script>globalThis.__PORTICO_ENV__={explorerUrl:${JSON.stringify(explorer.url)}}</script>`
        : ''
    servers.set(app.name, await serveStatic(join(here, 'apps', app.name, 'dist'), snippet))
  }

  const executablePath = findChromium()
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS })
  const results: Record<string, Record<number, RunResult[]>> = {}
  try {
    for (const rate of RATES) {
      // Run 0 is a warm-up and is dropped. Apps take turns within each run, so drift hits all alike.
      for (let run = 0; run <= RUNS; run++) {
        for (const app of apps) {
          const url = servers.get(app.name)?.url ?? ''
          const measured = await measureOnce(browser, app, url, rate, 'hover-click')
          const cold = await measureOnce(browser, app, url, rate, 'cold')
          const own = app.ownButton
            ? await measureOnce(
                browser,
                { ...app, buttonSelector: app.ownButton.buttonSelector },
                url + app.ownButton.query,
                rate,
                'cold',
              )
            : cold
          const result = {
            ...measured,
            coldClickToTile: cold.clickToTile,
            coldOwnClickToTile: own.clickToTile,
          }
          process.stdout.write(
            `${rate}x run ${run}${run ? '' : ' (warm-up)'} ${app.name}: button ${Math.round(result.button)} ms, tile ${Math.round(result.clickToTile)} ms, cold ${Math.round(result.coldClickToTile)} ms, cold own button ${Math.round(result.coldOwnClickToTile)} ms\n`,
          )
          if (run === 0) continue
          results[app.name] ??= {}
          const byRate = results[app.name] as Record<number, RunResult[]>
          byRate[rate] ??= []
          byRate[rate].push(result)
        }
      }
    }
  } finally {
    await browser.close()
    for (const server of servers.values()) await server.close()
    await explorer.close()
  }

  const summaries = apps.map((app) =>
    summarize(app, files.get(app.name) ?? new Map(), results[app.name] ?? {}),
  )
  const table = markdownTable(summaries)
  const checks = budgets(summaries)
  const environment = {
    date: new Date().toISOString(),
    node: process.version,
    chromium: chromiumVersion(executablePath),
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    vite: JSON.parse(readFileSync(join(here, 'node_modules/vite/package.json'), 'utf8')).version,
    react: JSON.parse(readFileSync(join(here, 'node_modules/react/package.json'), 'utf8')).version,
    runs: RUNS,
    clickDelayMs: CLICK_DELAY_MS,
    hoverMs: HOVER_MS,
  }
  await mkdir(join(here, 'results'), { recursive: true })
  await writeFile(
    join(here, 'results/latest.json'),
    `${JSON.stringify({ environment, apps: summaries, budgets: checks }, null, 2)}\n`,
  )
  const budgetLines = checks.map(
    (check) => `- ${check.pass ? 'PASS' : 'FAIL'} ${check.name} (${check.limit}): ${check.measured}`,
  )
  const markdown = [
    `# Wallet modal benchmark: latest run`,
    '',
    `${environment.date}; ${environment.cpus}, ${environment.memoryGB} GB; Node ${environment.node}; ${environment.chromium}; Vite ${environment.vite}, React ${environment.react}.`,
    `Medians of ${RUNS} runs per app and CPU rate (after one warm-up run), fresh browser context per run, loopback, external hosts fail DNS.`,
    `Click: the pointer rests ${HOVER_MS} ms on the button, then presses (the same for every app). Cold open: a fresh page of its own where script calls the button's click(), with no pointer before it. "JS before click" is read before the pointer moves.`,
    `In brackets: the ratio to the best peer for that column (lower is better). Sizes are JS only, gzip -9 per file, 1 KB = 1024 bytes.`,
    '',
    table,
    '',
    '## Budgets (Portico; reported, not enforced)',
    '',
    ...budgetLines,
    '',
    '## More detail',
    '',
    '| app | files before click / on open | non-React JS before click (KB gz) | entry closure (KB gz) | of which non-React | all emitted JS (KB gz) | heap after GC (MB) | failed requests | button ms min–max | tile ms min–max | 4x button min–max | 4x tile min–max | cold tile min–max | 4x cold tile min–max |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|---|---|---|---|',
    ...summaries.map((summary) => {
      const m = summary.medians
      const r = summary.ranges
      const span = (key: string) => (r[key] ? `${r[key][0]}–${r[key][1]}` : '')
      return `| ${summary.label} | ${m.jsFilesBeforeClick} / ${m.jsFilesOnOpen} | ${m.libraryBeforeClickKB} | ${summary.bundle.entryGzipKB} | ${summary.bundle.entryLibraryGzipKB} | ${summary.bundle.totalGzipKB} | ${m.heapAfterGcMB} | ${m.failedRequests} | ${span('buttonMs')} | ${span('clickToTileMs')} | ${span('buttonMs4x')} | ${span('clickToTileMs4x')} | ${span('coldClickToTileMs')} | ${span('coldClickToTileMs4x')} |`
    }),
    '',
  ].join('\n')
  await writeFile(join(here, 'results/latest.md'), markdown)
  console.log(`\n${table}\n\n${budgetLines.join('\n')}\n\nwrote results/latest.json and results/latest.md`)
}

await main()
