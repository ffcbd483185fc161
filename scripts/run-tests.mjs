// Runs the unit tests, builds the apps, runs the end-to-end tests, and ends with one plain
// "N passed, N failed" line for the whole run. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process'
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
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1

function vitest(name, projects = [name]) {
  const output = join(reports, `${name}.json`)
  const status = run('npx', [
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

// The shared-resource unit tests run after the others (vitest.config.ts).
const unit = vitest('unit', ['unit', 'unit-shared'])
const buildStatus =
  run('npm', ['run', 'build', '-w', '@portico/demo', '-w', '@portico/wallet']) ||
  run('npm', ['run', 'build:page', '-w', '@portico/frame']) ||
  // The production test runs the compiled services (e2e/production-nginx.e2e.ts).
  run('npm', ['run', 'build:services'])
const e2e = buildStatus === 0 ? vitest('e2e') : { status: buildStatus, passed: 0, failed: 1 }

const passed = unit.passed + e2e.passed
const failed = unit.failed + e2e.failed
if (notRun.length > 0) console.log(`\nNot run: ${notRun.join(' and ')}.`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(unit.status === 0 && e2e.status === 0 && failed === 0 ? 0 : 1)
