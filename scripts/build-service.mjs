// A service's `npm run build`: its TypeScript sources (tests and test helpers left out) as ES modules in
// dist/, file by file, for plain node. Types are checked by `npm run typecheck`, not here, so the
// production build takes seconds.
import { chmodSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const TEST_ONLY = /(\.test\.ts|test-helpers\.ts|-test-[a-z-]+\.ts|test-clients\.ts|pairing-scenario\.ts)$/

const sources = (directory) =>
  readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    if (statSync(path).isDirectory()) return sources(path)
    return name.endsWith('.ts') && !name.endsWith('.d.ts') && !TEST_ONLY.test(name) ? [path] : []
  })

rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: sources('src'),
  outdir: 'dist',
  outbase: 'src',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
})

// The package's command-line entry points (package.json "bin") stay executable after each rebuild.
const { bin = {} } = JSON.parse(readFileSync('package.json', 'utf8'))
for (const file of Object.values(typeof bin === 'string' ? { bin } : bin)) chmodSync(file, 0o755)
