import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { problems, type TargetResult, writeFuzzSection } from './fuzz-results.js'
import { fuzzRoutes, installCrashListeners } from './http/fuzz-routes.js'
import { startFuzzTargets } from './http/fuzz-targets.js'
import { fuzzRelayFrames } from './relay/fuzz-relay-frames.js'

/**
 * `npm run bench:fuzz`: every HTTP route of the explorer, chain API, auth and relay, every relay
 * JSON-RPC method, then every wallet-frame event (fuzz/frame-messages.test.ts, in Vitest: its harness
 * is the frame's test harness), 10,000 cases each by default.
 */
const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261127' },
    only: { type: 'string' },
  },
})
const run = { seed: Number(args.seed), casesPerTarget: Number(args.cases) }
const wanted = (section: string) => !args.only || args.only.split(',').includes(section)
let failed = 0

function report(section: string, started: number, results: TargetResult[]) {
  const seconds = (performance.now() - started) / 1000
  writeFuzzSection(run, section, seconds, results)
  for (const result of results) {
    if (problems(result) === 0) continue
    failed++
    console.log(`${section} ${result.target}: ${JSON.stringify(result).slice(0, 1_000)}`)
  }
  console.log(
    `${section}: ${results.length} targets, ${results.reduce((n, r) => n + r.cases, 0)} cases in ${Math.round(seconds)} s`,
  )
}

try {
  const { targets, relayUrl, close } = await startFuzzTargets()
  const uninstall = installCrashListeners()
  try {
    for (const target of targets) {
      if (!wanted(target.service)) continue
      const started = performance.now()
      report(target.service, started, await fuzzRoutes(target, run.casesPerTarget, run.seed))
    }
    if (wanted('relay frames')) {
      const started = performance.now()
      report('relay frames', started, await fuzzRelayFrames(relayUrl, run.casesPerTarget, run.seed))
    }
  } finally {
    uninstall()
    await close()
  }
  if (wanted('wallet frame')) {
    const frame = spawnSync('npx', ['vitest', 'run', '--project', 'unit', 'fuzz/frame-messages.test.ts'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        PORTICO_FUZZ_CASES: String(run.casesPerTarget),
        PORTICO_FUZZ_SEED: String(run.seed),
        PORTICO_FUZZ_WRITE: '1',
      },
    })
    if (frame.status !== 0) failed++
  }
} catch (error) {
  console.error(error)
  process.exit(2)
}
console.log(failed === 0 ? 'fuzz: no problem found' : `fuzz: ${failed} targets with problems`)
process.exit(failed === 0 ? 0 : 1)
