/**
 * Builds the workspace packages the Portico bench app imports, and the workspace packages they
 * depend on, dependencies first: the app bundles their `dist` as a dApp would.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../', import.meta.url))

/** The packages `apps/portico/src` imports. */
const APP_PACKAGES = ['@portico/core', '@portico/react', '@portico/evm']

interface Manifest {
  name: string
  dependencies?: Record<string, string>
  scripts?: Record<string, string>
}

const manifest = (name: string): Manifest =>
  JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8'))

/** The workspace packages behind `names`, each after the ones it depends on. */
export function buildOrder(names: readonly string[] = APP_PACKAGES): string[] {
  const order: string[] = []
  const visit = (name: string) => {
    if (order.includes(name)) return
    for (const dependency of Object.keys(manifest(name).dependencies ?? {}))
      if (dependency.startsWith('@portico/')) visit(dependency)
    order.push(name)
  }
  for (const name of names) visit(name)
  return order
}

export function buildPorticoPackages(): void {
  for (const name of buildOrder()) {
    if (!manifest(name).scripts?.build) continue
    const started = performance.now()
    execFileSync('npm', ['run', 'build', '--silent', '-w', name], { cwd: repo, stdio: 'inherit' })
    console.log(`built ${name} in ${Math.round(performance.now() - started)} ms`)
  }
}
