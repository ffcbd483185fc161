// Runs the unit tests, builds the apps, runs the end-to-end tests, and ends with one plain
// "N passed, N failed" line for the whole run. Exits non-zero when anything failed.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const reports = mkdtempSync(join(tmpdir(), 'portico-tests-'))

// The scaled-out mode's tests run against a real PostgreSQL and Redis. `.ci/run` names them; elsewhere the
// standard local ports are tried, and a machine without them runs everything else and says so.
const reachable = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1000 })
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.once('timeout', () => done(false))
  })
const scaledOut = [
  ['PORTICO_TEST_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test', 5432, 'PostgreSQL'],
  ['PORTICO_TEST_REDIS_URL', 'redis://127.0.0.1:6379', 6379, 'Redis'],
]
const notRun = []
for (const [variable, localUrl, port, name] of scaledOut) {
  if (process.env[variable]) continue
  if (await reachable(port)) process.env[variable] = localUrl
  else notRun.push(`the ${name} tests (set ${variable})`)
}
if (notRun.length > 0) {
  console.log(`Not run: ${notRun.join(' and ')}: no server on the standard local port.`)
}
/** Runs a command to its end; `quiet` keeps its output for later, so two side by side do not interleave. */
function run(command, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    let output = ''
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    child.once('error', (error) => {
      output += `${error}\n`
    })
    child.once('close', (code) => resolve({ status: code ?? 1, output }))
  })
}

async function vitest(name, projects = [name]) {
  const output = join(reports, `${name}.json`)
  const { status } = await run('npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ])
  try {
    const report = JSON.parse(readFileSync(output, 'utf8'))
    // A run that failed outside any test (a setup error) still counts as one failure.
    const failed = report.numFailedTests || (status === 0 ? 0 : 1)
    return { status, passed: report.numPassedTests, failed }
  } catch {
    return { status, passed: 0, failed: 1 }
  }
}

/** The apps, the frame's page and the services, built for the end-to-end tests; stops at the first failure. */
async function buildForEndToEnd() {
  let output = ''
  for (const args of [
    ['run', 'build', '-w', '@portico/demo', '-w', '@portico/wallet'],
    ['run', 'build:page', '-w', '@portico/frame'],
    // The production test runs the compiled services (e2e/production-nginx.e2e.ts).
    ['run', 'build:services'],
  ]) {
    const step = await run('npm', args, { quiet: true })
    output += `\n> npm ${args.join(' ')}\n${step.output}`
    if (step.status !== 0) return { status: step.status, output }
  }
  return { status: 0, output }
}

// No unit test reads a build, so the builds run beside the unit tests: they need about 25 s of CPU, and
// the rest of their wall time (npm starting, the disk) no longer adds to the run's.
// The shared-resource unit tests run after the others (vitest.config.ts).
const building = buildForEndToEnd()
const unit = await vitest('unit', ['unit', 'unit-shared'])
const build = await building
process.stdout.write(build.output)
if (build.status !== 0) console.log('\nThe build for the end-to-end tests failed; they were not run.')
const e2e = build.status === 0 ? await vitest('e2e') : { status: build.status, passed: 0, failed: 1 }

const passed = unit.passed + e2e.passed
const failed = unit.failed + e2e.failed
if (notRun.length > 0) console.log(`\nNot run: ${notRun.join(' and ')}.`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(unit.status === 0 && e2e.status === 0 && failed === 0 ? 0 : 1)
