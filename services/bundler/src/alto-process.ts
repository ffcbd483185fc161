import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { type AltoChainSettings, altoSettings } from './alto-settings.js'
import { BundlerError } from './bundler-error.js'
import { loopbackPreload } from './loopback-preload.js'

const require = createRequire(import.meta.url)
const OUTPUT_TAIL_LINES = 20

export type AltoProcess = {
  chainId: number
  /** alto's JSON-RPC endpoint, on the front's host. */
  url: string
  pid: number | undefined
  /** Last lines alto wrote, for a failure message. */
  outputTail(): string[]
  /** Resolves when the process has ended (it is not restarted here). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  stop(): Promise<void>
}

export type SpawnAltoOptions = Omit<AltoChainSettings, 'port'> & {
  host: string
  /** How long alto may take to answer its first request. */
  startTimeoutMs: number
}

function altoBin(): string {
  // The package exports only its index (esm/index.js); the CLI sits beside it.
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
}

async function freePort(host: string): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ host, port: 0 }, () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

async function answersChainId(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    return response.ok
  } catch {
    return false
  }
}

/**
 * Starts alto for one chain with a `--config` file readable by its user only (it holds the executor key; the
 * file is removed once alto is up), and waits until it answers. A start that fails ends the process.
 */
export async function spawnAlto(options: SpawnAltoOptions): Promise<AltoProcess> {
  const bin = altoBin()
  const port = await freePort(options.host)
  const configDir = await mkdtemp(join(tmpdir(), 'portico-alto-'))
  const configFile = join(configDir, 'alto.json')
  let child: ChildProcess
  try {
    await writeFile(configFile, JSON.stringify(altoSettings({ ...options, port })), { mode: 0o600 })
    child = spawn(
      process.execPath,
      ['--import', loopbackPreload(options.host), bin, '--config', configFile],
      // alto reads its settings from the file; the environment it gets is the bare minimum.
      { stdio: ['ignore', 'pipe', 'pipe'], env: { NODE_ENV: 'production' } },
    )
  } catch (error) {
    // The file holds the executor key: it never outlives a failed start.
    await rm(configDir, { recursive: true, force: true })
    throw error
  }
  const tail: string[] = []
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) tail.push(line.slice(0, 500))
    tail.splice(0, Math.max(0, tail.length - OUTPUT_TAIL_LINES))
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`
  let ended = false
  void exited.then(() => {
    ended = true
  })
  const stop = async () => {
    if (!ended) child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(killer)
  }
  try {
    const deadline = Date.now() + options.startTimeoutMs
    while (!(await answersChainId(url))) {
      if (ended || Date.now() > deadline)
        throw new BundlerError(
          'BUNDLER_START_FAILED',
          `the bundler for chain ${options.chainId} ${ended ? 'exited' : 'did not answer'} while starting. Last output:\n  ${tail.join('\n  ')}`,
        )
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } catch (error) {
    await stop()
    throw error
  } finally {
    await rm(configDir, { recursive: true, force: true })
  }
  return { chainId: options.chainId, url, pid: child.pid, outputTail: () => [...tail], exited, stop }
}
