import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** The production build (`npm run build:services`); the TypeScript source through tsx when it is missing. */
const BUILT_MAIN = join(REPO_ROOT, 'services/relay/dist/main.js')
const SOURCE_MAIN = join(REPO_ROOT, 'services/relay/src/main.ts')

export interface RelayFleetOptions {
  count: number
  /** Shared by every process; without it one process keeps its mailbox in PGlite. */
  redisUrl?: string
  /** PostgreSQL for the single process's mailbox instead of PGlite. */
  databaseUrl?: string
  /** CPU list for `taskset -c` (e.g. "0"); all relays share it. */
  cpus?: string
  /** Directory for `node --cpu-prof` output, one profile per process. */
  profileDir?: string
  /** Extra RELAY_* settings (limits). */
  env?: Record<string, string>
  /**
   * Another build's main.js (e.g. a copy of dist from before a change), to compare builds in one sitting,
   * or a TypeScript entry run through tsx (the floor forwarder, bench/relay/floor/floor-relay.ts).
   */
  entry?: string
  /** Node flags for each relay process (docs/performance.md recommends --max-semi-space-size=64). */
  nodeFlags?: string[]
}

export interface RelayFleet {
  urls: string[]
  pids: number[]
  entry: 'dist' | 'source' | 'custom'
  stop(): Promise<void>
}

async function freePort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts `count` relay processes and resolves once each listens. */
export async function startRelays(options: RelayFleetOptions): Promise<RelayFleet> {
  const entry = options.entry ? 'custom' : existsSync(BUILT_MAIN) ? 'dist' : 'source'
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-relay-bench-'))
  // One namespace per run, so a run never reads another's mailbox in the shared Redis.
  const keyPrefix = `portico:relay-bench:${Date.now()}:`
  const children: ChildProcess[] = []
  const urls: string[] = []
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
          }),
      ),
    )
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    for (let i = 0; i < options.count; i++) {
      const port = await freePort()
      const nodeArgs = [
        ...(options.nodeFlags ?? []),
        ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : []),
        ...(options.entry
          ? options.entry.endsWith('.ts')
            ? ['--import', 'tsx', options.entry]
            : [options.entry]
          : entry === 'dist'
            ? [BUILT_MAIN]
            : ['--import', 'tsx', '--conditions=portico:source', SOURCE_MAIN]),
      ]
      const [command, args] = options.cpus
        ? ['taskset', ['-c', options.cpus, process.execPath, ...nodeArgs]]
        : [process.execPath, nodeArgs]
      const child = spawn(command as string, args as string[], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          RELAY_PORT: String(port),
          PORTICO_DATA_DIR: join(dataDir, String(i)),
          RELAY_LOG_LEVEL: 'info',
          ...(options.redisUrl ? { REDIS_URL: options.redisUrl, RELAY_REDIS_KEY_PREFIX: keyPrefix } : {}),
          ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      children.push(child)
      await new Promise<void>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`relay ${i} exited with ${code}`)))
        child.stdout?.on('data', (chunk) => {
          if (String(chunk).includes('relay listening')) resolve()
        })
      })
      child.removeAllListeners('exit')
      urls.push(`ws://127.0.0.1:${port}`)
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { urls, pids: children.map((child) => child.pid as number), entry, stop }
}

/** CPU seconds a process has used so far (user + system), from /proc. */
export function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * Seconds a process's threads were runnable but waiting for a core so far (/proc schedstat, all
 * threads): time other work on a shared machine took from it, which CPU shares alone cannot tell apart
 * from idling. `self` is this process.
 */
export function runQueueSeconds(pid: number | 'self') {
  let nanoseconds = 0
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1])
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nanoseconds / 1e9
}
