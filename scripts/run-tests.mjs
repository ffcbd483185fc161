// Runs the unit tests, builds the apps, runs the end-to-end tests, and ends with one plain
// "N passed, N failed" line for the whole run. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const reports = mkdtempSync(join(tmpdir(), 'portico-tests-'))
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1

function vitest(project) {
  const output = join(reports, `${project}.json`)
  const status = run('npx', [
    'vitest',
    'run',
    '--project',
    project,
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

const unit = vitest('unit')
const buildStatus =
  run('npm', ['run', 'build', '-w', '@portico/demo', '-w', '@portico/wallet']) ||
  run('npm', ['run', 'build:page', '-w', '@portico/frame'])
const e2e = buildStatus === 0 ? vitest('e2e') : { status: buildStatus, passed: 0, failed: 1 }

const passed = unit.passed + e2e.passed
const failed = unit.failed + e2e.failed
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(unit.status === 0 && e2e.status === 0 && failed === 0 ? 0 : 1)
