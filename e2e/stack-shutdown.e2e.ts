import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { afterEach, expect, it } from 'vitest'
import { WebSocket } from 'ws'

// `npm start` as a developer runs it: main.ts in a child process, stopped with Ctrl-C (SIGINT) while a
// browser tab still holds connections to the services. An e2e test: the stack serves the built apps.

const mainPath = fileURLToPath(new URL('../services/stack/src/main.ts', import.meta.url))
/** Only a hang detector: a stack that stops at all stops far sooner. */
const EXIT_BOUND_MS = 15_000

let child: ChildProcess | undefined
let dataDir: string | undefined
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** Starts main.ts on free ports and answers the service URLs it prints once ready. */
async function startMain(): Promise<Record<string, string>> {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-stack-'))
  const portEnv = Object.fromEntries(
    ['DEMO', 'EXPLORER', 'CHAIN_API', 'RELAY', 'AUTH', 'WALLET', 'SMTP', 'DEVNET', 'SOLANA_DEVNET'].map(
      (name) => [`${name}_PORT`, '0'],
    ),
  )
  const started = spawn(process.execPath, ['--conditions=portico:source', '--import', 'tsx', mainPath], {
    env: { ...process.env, ...portEnv, PORTICO_DATA_DIR: dataDir, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child = started
  let output = ''
  started.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve, reject) => {
    started.stdout?.on('data', (chunk) => {
      output += chunk
      if (!output.includes('Ctrl-C stops everything')) return
      const urls: Record<string, string> = {}
      for (const [, name = '', url = ''] of output.matchAll(/^ {2}(\S[\w -]*?)\s{2,}(\w+:\/\/\S+)/gm))
        urls[name] = url
      resolve(urls)
    })
    started.once('exit', (code) => reject(new Error(`main.ts exited with ${code} before ready:\n${output}`)))
  })
}

function portOf(url: string) {
  return Number(new URL(url).port)
}

/** True while something accepts TCP connections on the port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

it('stops on SIGINT with a keep-alive connection, a relay WebSocket and a pending auth long poll open', async () => {
  const urls = await startMain()
  const services = ['Demo dApp', 'Explorer', 'Chain API', 'Relay', 'Auth', 'Test wallet'].map((name) => {
    expect(urls[name], `${name} URL`).toMatch(/^(http|ws):\/\//)
    return urls[name] as string
  })

  // A keep-alive connection to the explorer, left idle after one answer.
  const agent = new Agent({ keepAlive: true })
  await new Promise<void>((resolve, reject) => {
    request(`${urls.Explorer}/health`, { agent }, (response) => {
      response.resume()
      response.on('end', resolve)
    })
      .on('error', reject)
      .end()
  })

  // A relay WebSocket, signed in as the SDK does.
  const relayUrl = urls.Relay as string
  const jwt = await signJWT(randomBytes(32).toString('hex'), relayUrl, 86_400, generateKeyPair())
  const socket = new WebSocket(`${relayUrl.replace(/^http/, 'ws')}/?auth=${jwt}`)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const socketClosed = new Promise((resolve) => socket.once('close', resolve))

  // An auth long poll (≤ 25 s): a device waiting for its mailed link to be confirmed.
  const authUrl = urls.Auth as string
  const deviceId = randomBytes(16).toString('hex')
  const email = 'shutdown@example.com'
  const longPoll = fetch(`${authUrl}/auth/v1/device/wait`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(authUrl).origin },
    body: JSON.stringify({ email, deviceId }),
  }).then(
    (response) => response.status,
    () => 'connection closed',
  )
  // Give the long poll time to reach its handler.
  await new Promise((resolve) => setTimeout(resolve, 500))

  const running = child as ChildProcess
  const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)))
  const signalledAt = performance.now()
  running.kill('SIGINT')
  const code = await Promise.race([
    exited,
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), EXIT_BOUND_MS)),
  ])
  const stoppedInMs = Math.round(performance.now() - signalledAt)
  console.log(`stack stopped ${stoppedInMs} ms after SIGINT`)
  expect(code).toBe(0)

  await socketClosed
  expect(await longPoll).toBeDefined()
  agent.destroy()
  for (const url of services) expect(await isListening(portOf(url)), `${url} still listening`).toBe(false)
}, 240_000)
