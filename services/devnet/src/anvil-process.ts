import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { trackChild } from './anvil-child-reaper.js'
import { type ChainStateSaver, createChainStateSaver } from './chain-state-file.js'
import { DEV_ACCOUNT_BALANCE_ETH, DEV_ACCOUNT_COUNT, DEV_MNEMONIC } from './dev-accounts.js'
import { DevnetError } from './devnet-error.js'

/** Seconds between periodic state dumps, so a crash loses at most this much. */
export const STATE_INTERVAL_SECONDS = 5
const READY_TIMEOUT_MS = 20_000
const STOP_TIMEOUT_MS = 10_000
const OUTPUT_TAIL_LINES = 20

export type AnvilExit = { code: number | null; signal: NodeJS.Signals | null }

export type AnvilProcess = {
  chainId: number
  pid: number
  /** Internal endpoint, e.g. http://127.0.0.1:41234; reached only through the devnet front. */
  url: string
  exited: Promise<AnvilExit>
  /** Recent output lines, for diagnosing a crash. */
  outputTail(): string[]
  /** Saves the state (with a stateFile), then SIGTERM, then SIGKILL after a timeout. Idempotent. */
  stop(): Promise<void>
  /** Writes the state file now, once the pool is mined (nothing without a stateFile). */
  persist(): Promise<void>
}

export type SpawnAnvilOptions = {
  binary: string
  chainId: number
  /** Persist state here (loaded at start when present, saved every few seconds and on stop). */
  stateFile?: string
  onUnexpectedExit?: (exit: AnvilExit, anvil: AnvilProcess) => void
}

// On Linux, util-linux's setpriv execs anvil with PR_SET_PDEATHSIG, so the kernel sends it SIGTERM
// even when this process is SIGKILLed. The child pid is anvil's own (setpriv replaces itself).
const setprivPath = ['/usr/bin/setpriv', '/bin/setpriv'].find(
  (path) => process.platform === 'linux' && existsSync(path),
)

export async function spawnAnvil(options: SpawnAnvilOptions): Promise<AnvilProcess> {
  const { binary, chainId, stateFile } = options
  const args = [
    ['--host', '127.0.0.1'],
    // Port 0: anvil binds a free port itself and prints it, so there is no pick-then-bind race.
    ['--port', '0'],
    ['--chain-id', String(chainId)],
    ['--mnemonic', DEV_MNEMONIC],
    ['--accounts', String(DEV_ACCOUNT_COUNT)],
    ['--balance', String(DEV_ACCOUNT_BALANCE_ETH)],
    // No --hardfork: anvil's default is its latest (Osaka and its blob updates, as of 1.7), which has
    // Prague's EIP-7702 set-code transactions the smart-account contracts rely on (account-abstraction.test.ts).
    // Read by anvil itself at start: anvil_loadState goes through the HTTP server, whose request size
    // limit (about 1 MB of state, a few hundred blocks) refuses any chain that has run for a while.
    ...(stateFile && existsSync(stateFile) ? [['--load-state', stateFile]] : []),
  ].flat()
  const loadsState = args.includes('--load-state')
  const child = setprivPath
    ? spawn(setprivPath, ['--pdeathsig', 'TERM', '--', binary, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })

  const tail: string[] = []
  const remember = (line: string) => {
    tail.push(line)
    if (tail.length > OUTPUT_TAIL_LINES) tail.shift()
  }
  let resolvePort: (port: number) => void = () => {}
  const portAnnounced = new Promise<number>((resolve) => {
    resolvePort = resolve
  })
  // Both pipes are drained for the child's whole life: anvil logs every request and would block on a full pipe.
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    remember(line)
    const match = /Listening on [^\s:]+:(\d+)/.exec(line)
    if (match) resolvePort(Number(match[1]))
  })
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', remember)

  let stopping = false
  let hasExited = false
  const exited = new Promise<AnvilExit>((resolve) => {
    child.once('exit', (code, signal) => {
      hasExited = true
      resolve({ code, signal })
    })
    child.once('error', () => {
      hasExited = true
      resolve({ code: null, signal: null })
    })
  })
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve))

  // One SIGTERM only: a repeated signal while anvil is dumping its state gains nothing.
  const terminate = () => {
    if (stopping || hasExited) return
    stopping = true
    child.kill('SIGTERM')
  }
  const untrack = child.pid === undefined ? () => {} : trackChild({ pid: child.pid, terminate })
  void exited.then(untrack)

  let saver: ChainStateSaver | undefined
  let saveTimer: NodeJS.Timeout | undefined
  const saveBeforeStop = async () => {
    clearInterval(saveTimer)
    if (!saver || hasExited) return
    await saver.save({ settle: true }).catch((error: Error) => remember(`state not saved: ${error.message}`))
  }
  let stopPromise: Promise<void> | undefined
  const anvil: AnvilProcess = {
    chainId,
    pid: child.pid ?? -1,
    url: '',
    exited,
    outputTail: () => [...tail],
    stop() {
      stopPromise ??= saveBeforeStop().then(() => stopChild(child, exited, terminate))
      return stopPromise
    },
    async persist() {
      if (!saver || hasExited || stopping) return
      await saver.save({ settle: true })
    },
  }

  const failure = (reason: string, cause?: unknown) =>
    new DevnetError(
      'DEVNET_ANVIL_START_FAILED',
      `anvil for chain ${chainId} ${reason}${tail.length > 0 ? `:\n${tail.join('\n')}` : ''}`,
      undefined,
      cause === undefined ? undefined : { cause },
    )
  // Never a silent fresh chain: the caller decides whether the state may go (a clean start).
  const stateFailure = (exit: AnvilExit) =>
    new DevnetError(
      'DEVNET_STATE_UNREADABLE',
      `anvil for chain ${chainId} could not load its state file ${stateFile} ` +
        `(exit code ${exit.code}, signal ${exit.signal})${tail.length > 0 ? `:\n${tail.join('\n')}` : ''}`,
      `repair or move ${stateFile} away, or start the devnet clean (--clean, or clean: true) to discard it`,
    )

  let timer: NodeJS.Timeout | undefined
  try {
    const outcome = await Promise.race([
      portAnnounced.then((port) => ({ kind: 'port' as const, port })),
      exited.then((exit) => ({ kind: 'exit' as const, exit })),
      spawnError.then((error) => ({ kind: 'error' as const, error })),
      new Promise<{ kind: 'timeout' }>((resolve) => {
        timer = setTimeout(() => resolve({ kind: 'timeout' }), READY_TIMEOUT_MS)
      }),
    ])
    if (outcome.kind === 'error') throw failure('could not be spawned', outcome.error)
    if (outcome.kind === 'exit') {
      if (loadsState) throw stateFailure(outcome.exit)
      throw failure(`exited during start-up (code ${outcome.exit.code}, signal ${outcome.exit.signal})`)
    }
    if (outcome.kind === 'timeout') throw failure(`did not listen within ${READY_TIMEOUT_MS} ms`)
    anvil.url = `http://127.0.0.1:${outcome.port}`
    await waitForChainId(anvil.url, chainId)
    if (stateFile) {
      // Only after a good load: saving earlier would overwrite the file that failed to load.
      const chainSaver = createChainStateSaver(anvil.url, stateFile)
      saver = chainSaver
      saveTimer = setInterval(() => void chainSaver.save().catch(() => {}), STATE_INTERVAL_SECONDS * 1000)
      saveTimer.unref()
    }
  } catch (error) {
    await anvil.stop()
    throw error instanceof DevnetError ? error : failure('did not become ready', error)
  } finally {
    clearTimeout(timer)
  }

  void exited.then((exit) => {
    if (!stopping) options.onUnexpectedExit?.(exit, anvil)
  })
  return anvil
}

async function stopChild(child: ChildProcess, exited: Promise<AnvilExit>, terminate: () => void) {
  terminate()
  let timer: NodeJS.Timeout | undefined
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS)
    }),
  ])
  clearTimeout(timer)
  if (timedOut) {
    child.kill('SIGKILL')
    await exited
  }
}

/** Anvil answers as soon as it prints its address; the check also proves the chain id is the one asked for. */
async function waitForChainId(url: string, chainId: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const body = (await response.json()) as { result?: string }
      if (body.result !== undefined && Number(body.result) === chainId) return
      throw new WrongChainError(`eth_chainId answered ${JSON.stringify(body)}, expected ${chainId}`)
    } catch (error) {
      if (error instanceof WrongChainError || Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

class WrongChainError extends Error {}
