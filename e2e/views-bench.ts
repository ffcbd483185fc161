/**
 * Benchmark: from a click on one of Account's actions to the first usable control of the view it opens,
 * on the demo against the real stack, each view opened for the first time in a freshly loaded page.
 *
 *   npm run bench:views            (builds the demo first; BENCH_RUNS=7 by default)
 *
 * "Usable": the view's title is up, its content holds no skeleton, spinner or busy region, and its first
 * field is enabled (a list's rows or empty state are there). The visitor's pointer rests on the action for 100 ms before the press (the
 * same hover as the side-by-side bench) after Account has shown for a second. Figures are medians; they
 * are written to bench/results/views-latest.{json,md}. Goals are reported, not asserted: timing belongs here.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, it } from 'vitest'
import { closeBrowser, connectButton, connectTestWallet, modal, openDemo } from './fixtures.js'

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7))
const GOAL_MS = 100
const DWELL_MS = 1_000
const HOVER_MS = 100

/** Account's actions and the title of the view each opens. */
const ACTIONS = [
  { action: 'Send', title: 'Send' },
  { action: 'Receive', title: 'Receive' },
  { action: 'Swap', title: 'Swap' },
  { action: 'Buy crypto', title: 'Buy crypto' },
  { action: 'Activity', title: 'Activity' },
  { action: 'Choose a name', title: 'Choose a name' },
] as const

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/** In the page: press the button named `action` in the modal, resolve with the ms until `title`'s view is usable. */
function timeClickToUsable(page: Page, action: string, title: string): Promise<number> {
  return page.evaluate(
    ({ action, title }) =>
      new Promise<number>((resolve, reject) => {
        const root = document.querySelector('portico-modal')?.shadowRoot
        const button = [...(root?.querySelectorAll<HTMLButtonElement>('.content button') ?? [])].find(
          (candidate) => candidate.textContent?.trim() === action,
        )
        if (!root || !button) return reject(new Error(`no ${action} action on Account`))
        const start = performance.now()
        const usable = () => {
          if (root.querySelector('h2')?.textContent !== title) return false
          const content = root.querySelector('.content')
          if (!content || content.querySelector('[aria-busy="true"], .skeleton, .spinner')) return false
          // A form's first control is enabled; a list (Activity) has its rows or its empty state.
          const control = content.querySelector<HTMLInputElement>('input, select')
          return control ? !control.disabled : (content.textContent ?? '').trim() !== ''
        }
        const check = () => {
          if (usable()) resolve(performance.now() - start)
          else if (performance.now() - start > 15_000) reject(new Error(`${title} never became usable`))
          else requestAnimationFrame(check)
        }
        button.click()
        check()
      }),
    { action, title },
  )
}

afterAll(closeBrowser)

it(`times click → first usable control for each of Account's views (${RUNS} runs)`, async () => {
  const { page, context } = await openDemo()
  await connectTestWallet(page)
  const samples = new Map<string, number[]>(ACTIONS.map(({ title }) => [title, []]))
  for (let run = 0; run < RUNS; run++) {
    for (const { action, title } of ACTIONS) {
      // A fresh page load: the view's code and data are not there yet, only what Account brought.
      await page.reload()
      await connectButton(page).click()
      await modal(page).getByTestId('account-address').waitFor()
      await page.waitForTimeout(DWELL_MS)
      await modal(page).getByRole('button', { name: action, exact: true }).hover()
      await page.waitForTimeout(HOVER_MS)
      samples.get(title)?.push(await timeClickToUsable(page, action, title))
    }
  }
  await context.close()

  const rows = ACTIONS.map(({ title }) => {
    const values = samples.get(title) ?? []
    return { view: title, medianMs: Math.round(median(values)), samplesMs: values.map(Math.round) }
  })
  const results = join(import.meta.dirname, '..', 'bench', 'results')
  await mkdir(results, { recursive: true })
  const stamp = new Date().toISOString()
  await writeFile(
    join(results, 'views-latest.json'),
    `${JSON.stringify({ date: stamp, runs: RUNS, goalMs: GOAL_MS, rows }, null, 2)}\n`,
  )
  const table = [
    `# Account's views: click → first usable control (median of ${RUNS}, goal ${GOAL_MS} ms)`,
    '',
    `Measured ${stamp} on the demo against the local stack, each view's first open in a fresh page.`,
    '',
    '| View | Median | Goal | Runs (ms) |',
    '| --- | ---: | :---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.view} | ${row.medianMs} ms | ${row.medianMs <= GOAL_MS ? 'met' : 'missed'} | ${row.samplesMs.join(', ')} |`,
    ),
  ].join('\n')
  await writeFile(join(results, 'views-latest.md'), `${table}\n`)
  console.log(table)
}, 600_000)
