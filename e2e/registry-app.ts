import { spawn } from 'node:child_process'
import { join } from 'node:path'
import type { LocalRegistry } from './local-registry.js'

const repoRoot = join(import.meta.dirname, '..')

/** What the local registry proxies stays for the next run (in node_modules/.cache, like other tools' caches). */
export const REGISTRY_CACHE = join(repoRoot, 'node_modules/.cache/portico-local-registry')

/**
 * An app's `npm install` takes @portico/* from the local registry and the rest from the npm registry npm
 * already uses. A slow or unreachable npm registry fails the test after this long instead of hanging it.
 */
export const INSTALL_TIMEOUT_MS = 240_000

/**
 * The environment a developer's shell has: without npm's `npm_*` variables (set under `npm test`) and
 * vitest's NODE_ENV=test, under which an app's bundler would build it, React included, for development.
 */
export const cleanEnv = (extra: Record<string, string> = {}): Record<string, string | undefined> => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE_ENV'),
  ),
  ...extra,
})

/** Runs a command to its end and resolves with its output; a non-zero exit or the time-out rejects with it. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs,
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('close', (code, signal) => {
      if (code === 0) resolve(output)
      else
        reject(
          new Error(`${command} ${args.join(' ')} ended with ${signal ?? code}:\n${output.slice(-6_000)}`),
        )
    })
  })
}

/** Builds, packs and publishes the client packages to `registry`; answers what was published, in order. */
export async function publishClientPackages(
  registry: LocalRegistry,
  packedDir: string,
): Promise<{ name: string; version: string }[]> {
  const lines = await run(
    process.execPath,
    ['scripts/pack-packages.mjs', '--out', packedDir, '--publish', registry.url],
    { cwd: repoRoot, env: { NPM_CONFIG_USERCONFIG: registry.userConfig }, timeoutMs: 480_000 },
  )
  return lines
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { name: string; version: string })
}

/**
 * `npm install` in `app` as a dApp team runs it: @portico/* from the registry they were published to,
 * everything else from npm's own registry (through npm's cache, which this machine's `npm ci` filled).
 */
export function installFromRegistry(app: string, registry: LocalRegistry): Promise<string> {
  return run(
    'npm',
    [
      'install',
      `--@portico:registry=${registry.url}`,
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--fetch-retries=1',
    ],
    { cwd: app, timeoutMs: INSTALL_TIMEOUT_MS },
  )
}
