// Type-checks every workspace that has a `typecheck` script, as many at a time as the machine has cores
// (one `tsc` is single-threaded), and prints each one's output whole. Exits non-zero if any failed.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
// The workspace patterns are folders or `folder/*`.
const expand = (pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
    : [pattern]
const folders = [...new Set(workspaces.flatMap(expand))]
const checked = folders.filter((folder) => {
  try {
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'))
    return Boolean(manifest.scripts?.typecheck)
  } catch {
    return false
  }
})

function typecheck(folder) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn('npm', ['run', '--silent', 'typecheck'], { cwd: join(root, folder) })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${folder} (${seconds} s)\n${output}`)
      resolve(code === 0)
    })
  })
}

const queue = [...checked]
const results = []
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let folder = queue.shift(); folder; folder = queue.shift()) results.push(await typecheck(folder))
  }),
)
const failed = results.filter((ok) => !ok).length
console.log(`${checked.length - failed} of ${checked.length} workspaces type-check`)
process.exit(failed === 0 ? 0 : 1)
