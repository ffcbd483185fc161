// `node scripts/pack-packages.mjs [--out <dir>] [--rebuild | --no-build] [--publish <registry URL>]`
//
// Builds the client packages a dApp installs, each after the ones it depends on (only those whose sources,
// build settings or dependencies changed since their last build, unless `--rebuild`), checks that each is
// publishable as it stands (README, LICENSE and licence fields; every @portico dependency is
// one of them at its exact version, so they install together), and `npm pack`s them into one folder
// (default `packed/`). With `--publish <URL>` it then publishes the tarballs, in the same order, to that
// registry with npm's own credentials for it (a local registry in the tests, npm's for a release).
// Prints one JSON line per package on stdout; progress goes to stderr.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** What a dApp installs; @portico/frame is served by the auth service and never installed. */
const CLIENT_PACKAGES = ['wire', 'core', 'react', 'evm', 'solana', 'siwe']

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(root, 'packed') },
    'no-build': { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    publish: { type: 'string' },
  },
})
const out = resolve(values.out)
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options })
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '')
    process.stderr.write(result.stderr ?? '')
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`)
  }
  return result.stdout
}

const packages = new Map(
  CLIENT_PACKAGES.map((folder) => {
    const manifest = readJson(join(root, 'packages', folder, 'package.json'))
    return [manifest.name, { folder: `packages/${folder}`, manifest }]
  }),
)

/** Each package's problems as a publisher would meet them, all at once. */
function problemsOf({ folder, manifest }) {
  const problems = []
  if (manifest.private) problems.push('is private')
  for (const field of ['description', 'license', 'files', 'exports'])
    if (!manifest[field]) problems.push(`has no "${field}"`)
  for (const file of ['README.md', 'LICENSE'])
    if (!existsSync(join(root, folder, file))) problems.push(`has no ${file}`)
  for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    if (!name.startsWith('@portico/')) continue
    const dependency = packages.get(name)
    if (!dependency) problems.push(`depends on ${name}, which is not published`)
    else if (range !== dependency.manifest.version)
      problems.push(`depends on ${name}@${range}, not the published ${dependency.manifest.version}`)
  }
  return problems.map((problem) => `${manifest.name} ${problem}`)
}

/** Dependencies first, so every build reads the compiled output of the packages it imports. */
function dependencyOrder() {
  const order = []
  const visit = (name) => {
    if (order.includes(name)) return
    const { manifest } = packages.get(name)
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }))
      if (packages.has(dependency)) visit(dependency)
    order.push(name)
  }
  for (const name of packages.keys()) visit(name)
  return order
}

/** Files every build writes, last: a package whose oldest of them predates an input is built again. */
const BUILD_OUTPUTS = { '@portico/react': ['dist/index.js', 'dist/modal/open-path.js'] }
/** What a build reads besides `src`. */
const BUILD_INPUTS = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.build.config.ts']

const mtime = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs
function newestUnder(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) newest = Math.max(newest, mtime(join(entry.parentPath, entry.name)) ?? 0)
  return newest
}
/** When the package's build last finished, or undefined when it has not been built. */
function builtAt(name) {
  const { folder } = packages.get(name)
  const times = (BUILD_OUTPUTS[name] ?? ['dist/index.js']).map((file) => mtime(join(root, folder, file)))
  return times.includes(undefined) ? undefined : Math.min(...times)
}
function needsBuild(name) {
  const { folder, manifest } = packages.get(name)
  const built = builtAt(name)
  if (built === undefined) return true
  const inputs = [
    newestUnder(join(root, folder, 'src')),
    mtime(join(root, 'tsconfig.base.json')) ?? 0,
    ...BUILD_INPUTS.map((file) => mtime(join(root, folder, file)) ?? 0),
    // A dependency built since: its declarations and files are this build's inputs too.
    ...Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
      .filter((dependency) => packages.has(dependency))
      .map((dependency) => builtAt(dependency) ?? Number.POSITIVE_INFINITY),
  ]
  return Math.max(...inputs) > built
}

const problems = [...packages.values()].flatMap(problemsOf)
if (problems.length > 0) {
  console.error(`Not publishable:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}

const order = dependencyOrder()
mkdirSync(out, { recursive: true })
const packed = []
for (const name of order) {
  const { folder } = packages.get(name)
  if (!values['no-build'] && (values.rebuild || needsBuild(name))) {
    console.error(`› build ${name}`)
    run('npm', ['run', 'build', '-w', folder], { env: { ...process.env, NODE_ENV: 'production' } })
  } else if (!values['no-build']) console.error(`› ${name} is built from its current sources`)
  const [report] = JSON.parse(run('npm', ['pack', '-w', folder, '--pack-destination', out, '--json']))
  const shipped = report.files.map((file) => file.path)
  const stray = shipped.filter((path) => /\.test\.tsx?$|__snapshots__|(^|\/)testing\//.test(path))
  if (stray.length > 0) throw new Error(`${name} would ship test files: ${stray.join(', ')}`)
  const developmentJsx = shipped.filter(
    (path) =>
      path.endsWith('.js') &&
      readFileSync(join(root, folder, path), 'utf8').includes('react/jsx-dev-runtime'),
  )
  if (developmentJsx.length > 0)
    throw new Error(`${name} would ship development JSX (jsxDEV): ${developmentJsx.join(', ')}`)
  const tarball = join(out, report.filename)
  packed.push({ name, version: report.version, tarball, files: shipped.length, size: report.size })
  console.error(
    `› packed ${report.filename} (${shipped.length} files, ${(report.size / 1024).toFixed(1)} KB)`,
  )
}

if (values.publish) {
  for (const { name, tarball } of packed) {
    console.error(`› publish ${name} to ${values.publish}`)
    run('npm', ['publish', tarball, '--registry', values.publish, '--access', 'public', '--tag', 'latest'])
  }
}
for (const item of packed) console.log(JSON.stringify(item))
