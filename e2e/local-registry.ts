import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { freePort } from './free-port.js'

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`, for `npm … --registry`. */
  url: string
  /** An npm user config file with this registry's publish token (`NPM_CONFIG_USERCONFIG`). */
  userConfig: string
  stop(): Promise<void>
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}):\n${log()}`)
    const up = await fetch(new URL('-/ping', url)).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`verdaccio did not answer on ${url} within 30 s:\n${log()}`)
}

/**
 * Starts verdaccio on a free port, its settings and users in `dir`. @portico/* exists only as published
 * here, and is stored in `dir` (never looked up upstream, so a package of that name elsewhere cannot stand
 * in, none is left from an earlier run, and two test files' registries sharing `cache` side by side keep
 * their own); everything else is proxied to the registry npm already uses on this machine, and kept in
 * `cache` (by default in `dir`) for the next run. Returns once it answers, with a user made for publishing.
 */
export async function startLocalRegistry(dir: string, cache = join(dir, 'storage')): Promise<LocalRegistry> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const upstream = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim()
  // A registry reached through a TLS-inspecting proxy needs npm's CA file in verdaccio too.
  const cafile = execFileSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).trim()
  // Left by runs before @portico/* was kept in the run's own directory.
  await rm(join(cache, '@portico'), { recursive: true, force: true })
  await mkdir(cache, { recursive: true })
  const published = join(dir, 'published')
  await mkdir(published, { recursive: true })
  // verdaccio reads YAML, of which JSON is a part.
  const config = {
    storage: cache,
    auth: { htpasswd: { file: join(dir, 'htpasswd'), max_users: 1 } },
    // Proxied metadata is reused for a week: versions the app pins do not change.
    uplinks: { npm: { url: upstream, timeout: '60s', maxage: '7d' } },
    packages: {
      '@portico/*': {
        // verdaccio joins a package's storage to the main one: a relative path leads to this run's directory.
        storage: relative(cache, published),
        access: '$all',
        publish: '$authenticated',
        unpublish: '$authenticated',
      },
      '**': { access: '$all', publish: '$authenticated', proxy: 'npm' },
    },
    web: { enable: false },
    log: { type: 'stdout', format: 'pretty', level: 'warn' },
  }
  const configFile = join(dir, 'config.yaml')
  await writeFile(configFile, JSON.stringify(config, null, 2))

  const bin = createRequire(import.meta.url).resolve('verdaccio/bin/verdaccio')
  const child = spawn(process.execPath, [bin, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(cafile && cafile !== 'null' ? { NODE_EXTRA_CA_CERTS: cafile } : {}) },
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  try {
    await waitUntilUp(url, child, () => output)
    // npm's `adduser`, as a request: the answer's token lets npm publish here.
    const response = await fetch(new URL('-/user/org.couchdb.user:portico', url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'portico', password: 'local-registry-only' }),
    })
    const { token } = (await response.json()) as { token?: string }
    if (!response.ok || !token) throw new Error(`verdaccio made no user (${response.status})`)
    const userConfig = join(dir, 'npmrc')
    await writeFile(userConfig, `//127.0.0.1:${port}/:_authToken=${token}\n`, { mode: 0o600 })
    return { url, userConfig, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
