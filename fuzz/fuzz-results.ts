import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** One fuzzed target (an HTTP route, a relay method, a frame event) and what its cases brought. */
export interface TargetResult {
  /** explorer, chain API, auth, relay (HTTP), relay frames, wallet frame. */
  service: string
  /** `GET /getWallets`, `irn_publish`, `SIGN_MESSAGE` … */
  target: string
  cases: number
  /** Answers by kind: "2xx"/"4xx" for HTTP, "result"/"error" for frames. */
  outcomes: Record<string, number>
  /** 5xx answers, or the relay's Internal error (-32603). */
  serverErrors: number
  hangs: number
  crashes: number
  partialWrites: number
  missingGenerator: boolean
  failures: string[]
}

/** A target with no case run yet. */
export const newTargetResult = (service: string, target: string): TargetResult => ({
  service,
  target,
  cases: 0,
  outcomes: {},
  serverErrors: 0,
  hangs: 0,
  crashes: 0,
  partialWrites: 0,
  missingGenerator: false,
  failures: [],
})

export interface FuzzSection {
  date: string
  casesPerTarget: number
  seconds: number
  results: TargetResult[]
}

export interface FuzzReport {
  seed: number
  sections: Record<string, FuzzSection>
}

const RESULTS = fileURLToPath(new URL('../bench/results/', import.meta.url))
const JSON_FILE = `${RESULTS}fuzz-latest.json`

export const problems = (result: TargetResult) =>
  result.serverErrors +
  result.hangs +
  result.crashes +
  result.partialWrites +
  (result.missingGenerator ? 1 : 0)

/** Adds (or replaces) one section of the report, keeping the others of the same run. */
export function writeFuzzSection(
  run: { seed: number; casesPerTarget: number },
  section: string,
  seconds: number,
  results: TargetResult[],
) {
  const previous: FuzzReport | undefined = existsSync(JSON_FILE)
    ? (JSON.parse(readFileSync(JSON_FILE, 'utf8')) as FuzzReport)
    : undefined
  // Sections of the same seed are kept: each service can be run (again) on its own.
  const sameSeed = previous && previous.seed === run.seed
  const fresh = { date: new Date().toISOString(), casesPerTarget: run.casesPerTarget, seconds, results }
  const report: FuzzReport = {
    seed: run.seed,
    sections: { ...(sameSeed ? previous.sections : {}), [section]: fresh },
  }
  writeFileSync(JSON_FILE, `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(`${RESULTS}fuzz-latest.md`, markdown(report))
}

function markdown(report: FuzzReport) {
  const lines = [
    '# bench:fuzz',
    '',
    `fast-check, seed ${report.seed} (about 3 in 5 cases shaped like the ` +
      'target expects but wrong in places, the rest arbitrary). A hang is an answer slower than 5 s; a partial ' +
      'write is a refused request after which a table has a different row count (HTTP) or a refused publish ' +
      'whose message was stored (relay).',
    '',
    '| section | run | targets | cases per target | cases | 5xx / internal errors | hangs | crashes | partial writes | no generator | time s |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const [name, { date, casesPerTarget, seconds, results }] of Object.entries(report.sections)) {
    const sum = (pick: (result: TargetResult) => number) =>
      results.reduce((total, result) => total + pick(result), 0)
    lines.push(
      `| ${name} | ${date.slice(0, 16)} | ${results.length} | ${casesPerTarget} | ${sum((r) => r.cases)} | ${sum((r) => r.serverErrors)} | ${sum((r) => r.hangs)} | ` +
        `${sum((r) => r.crashes)} | ${sum((r) => r.partialWrites)} | ${sum((r) => (r.missingGenerator ? 1 : 0))} | ${Math.round(seconds)} |`,
    )
  }
  lines.push('', '| service | target | cases | outcomes | problems |', '|---|---|---:|---|---|')
  for (const { results } of Object.values(report.sections)) {
    for (const result of results) {
      const outcomes = Object.entries(result.outcomes)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')
      const found =
        problems(result) === 0 ? '0' : result.failures.map((failure) => failure.slice(0, 160)).join('<br>')
      lines.push(
        `| ${result.service} | \`${result.target}\` | ${result.cases} | ${outcomes} | ${found || problems(result)} |`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}
