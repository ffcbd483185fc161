// `npm run build`: builds every workspace that has a build script, each after the workspaces it depends
// on, because a build reads its dependencies' compiled output (their dist/*.d.ts and dist/*.js).
// `node scripts/build-workspaces.mjs @portico/stack` builds only the named workspaces and what they need.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))

const folders = readJson(join(root, 'package.json')).workspaces.flatMap((pattern) => {
  if (!pattern.endsWith('/*')) return [pattern]
  const parent = pattern.slice(0, -2)
  return spawnSync('ls', [join(root, parent)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map((name) => `${parent}/${name}`)
})
const workspaces = new Map()
for (const folder of new Set(folders)) {
  const file = join(root, folder, 'package.json')
  if (!existsSync(file)) continue
  const manifest = readJson(file)
  // Development-only dependencies (tests, fixtures) do not order the build and may form cycles.
  const needs = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
  workspaces.set(manifest.name, { folder, needs, build: Boolean(manifest.scripts?.build) })
}

const order = []
const state = new Map()
const visit = (name, path) => {
  if (state.get(name) === 'done') return
  if (state.get(name) === 'visiting') throw new Error(`dependency cycle: ${[...path, name].join(' → ')}`)
  state.set(name, 'visiting')
  for (const dependency of workspaces.get(name).needs)
    if (workspaces.has(dependency)) visit(dependency, [...path, name])
  state.set(name, 'done')
  order.push(name)
}
const targets = process.argv.slice(2)
for (const target of targets) if (!workspaces.has(target)) throw new Error(`no workspace named ${target}`)
for (const name of targets.length > 0 ? targets : workspaces.keys()) visit(name, [])

for (const name of order) {
  const { folder, build } = workspaces.get(name)
  if (!build) continue
  console.log(`\n› build ${name} (${folder})`)
  const { status } = spawnSync('npm', ['run', 'build', '-w', folder], { cwd: root, stdio: 'inherit' })
  if (status !== 0) {
    console.error(`\nThe build of ${name} failed.`)
    process.exit(status ?? 1)
  }
}
