// Setup file of the `unit` test project: unit tests are hermetic, so none may reach the ports a running
// `npm start` stack listens on. Every TCP connection in the test process goes through
// `net.Socket.prototype.connect` (net.connect, http/https, fetch, ws, database and Redis clients), so that is
// where a connection to a default port is refused, as if no stack were running, and recorded; the test that
// made it then fails, even when the code under test swallowed the refusal.
import net from 'node:net'
import { afterAll, afterEach } from 'vitest'

/** The stack's default ports (docs/self-hosting.md, services/stack/src/stack-config.ts); a test checks both agree. */
export const STACK_DEFAULT_PORTS: readonly number[] = [
  3000, 3001, 3002, 3003, 3004, 3005, 3006, 3007, 2525, 8545, 8899,
]

export interface DefaultPortAttempt {
  host: string
  port: number
}

// One list per process: the patch outlives a test file's module graph, and the test of this guard imports
// this module apart from the setup run.
const attemptsKey = Symbol.for('portico.defaultPortGuard.attempts')
const state = globalThis as typeof globalThis & { [attemptsKey]?: DefaultPortAttempt[] }

function attempts(): DefaultPortAttempt[] {
  state[attemptsKey] ??= []
  return state[attemptsKey]
}

/** Returns the refused connections since the last call and forgets them (for the guard's own test). */
export function takeDefaultPortAttempts(): DefaultPortAttempt[] {
  return attempts().splice(0)
}

type ConnectOptions = { port?: unknown; host?: unknown; path?: unknown }

/** `connect(options)`, `connect(port, host)`, or the normalized `[options, callback]` that net.connect passes. */
function targetOf(args: unknown[]): DefaultPortAttempt | undefined {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0]
  if (first !== null && typeof first === 'object') {
    const options = first as ConnectOptions
    if (options.path !== undefined) return undefined
    const port = Number(options.port)
    return { host: typeof options.host === 'string' ? options.host : 'localhost', port }
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) }
  }
  return undefined
}

const patchedKey = Symbol.for('portico.defaultPortGuard.patched')
const socketPrototype = net.Socket.prototype as net.Socket & { [patchedKey]?: true }
if (!socketPrototype[patchedKey]) {
  socketPrototype[patchedKey] = true
  const connect = socketPrototype.connect as (this: net.Socket, ...args: unknown[]) => net.Socket
  socketPrototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const target = targetOf(args)
    if (target && STACK_DEFAULT_PORTS.includes(target.port)) {
      attempts().push(target)
      const refused = Object.assign(
        new Error(
          `connect ECONNREFUSED ${target.host}:${target.port} (unit tests may not use default ports)`,
        ),
        { code: 'ECONNREFUSED', address: target.host, port: target.port },
      )
      process.nextTick(() => this.destroy(refused))
      return this
    }
    return connect.apply(this, args)
  } as typeof socketPrototype.connect
}

function failOnAttempts(when: string): void {
  const made = takeDefaultPortAttempts()
  if (made.length === 0) return
  const list = [...new Set(made.map(({ host, port }) => `${host}:${port}`))].join(', ')
  throw new Error(
    `${when} tried to connect to ${list}, a default port of the Portico stack. Unit tests start their own servers on ` +
      'port 0 or inject a fetch.',
  )
}

afterEach(() => failOnAttempts('This test'))
afterAll(() => failOnAttempts('This file (outside its tests)'))
