import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RawRelayClient, randomTopic, relayJwt } from '../src/relay-test-clients.js'
import { runSdkPairingScenario } from '../src/run-sdk-pairing-scenario.js'

/**
 * Loopback benchmark, not a test. The relay runs in its own process (main.ts, default single-process
 * mode with PGlite persistence in a temporary dataDir); the load generator and the SDK clients run here.
 *
 *   npx tsx --conditions=portico:source services/relay/bench/relay-bench.ts [sockets=1000] [messagesPerPublisher=20]
 */
const SOCKETS = Math.min(Number(process.argv[2] ?? 1_000), 2_000)
const MESSAGES_PER_PUBLISHER = Math.min(Number(process.argv[3] ?? 20), 200)
const PAIRING_RUNS = 5
const TIME_LIMIT_MS = 60_000
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

async function freePort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN
const fmt = (n: number) => n.toFixed(1)

const dataDir = mkdtempSync(join(tmpdir(), 'portico-relay-bench-'))
const port = await freePort()
const relayProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    RELAY_PORT: String(port),
    PORTICO_DATA_DIR: dataDir,
    RELAY_LOG_LEVEL: 'info',
    // Every socket of the benchmark comes from 127.0.0.1.
    RELAY_MAX_SOCKETS_PER_IP: String(SOCKETS + 100),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise<void>((resolve) => {
  relayProcess.stdout.on('data', (chunk) => {
    if (String(chunk).includes('relay listening')) resolve()
  })
})
const url = `ws://127.0.0.1:${port}`
const deadline = setTimeout(() => {
  console.error('time limit reached')
  relayProcess.kill('SIGTERM')
  process.exit(1)
}, TIME_LIMIT_MS)

try {
  // 1. Pairing: URI to session settled, with the real SDKs (each run in a fresh Node process).
  const pairing = []
  for (let i = 0; i < PAIRING_RUNS; i++)
    pairing.push(await runSdkPairingScenario({ dappRelayUrl: url, walletRelayUrl: url }))
  const settled = pairing.map((run) => run.settledMs).sort((a, b) => a - b)
  const pairAfterUri = pairing.map((run) => run.settledMs - run.uriMs).sort((a, b) => a - b)
  // Only the first request: the wallet SDK waits 1 s (requestQueueDelay) after each answer before the next.
  const sign = pairing.flatMap((run) => run.signMs.slice(0, 1)).sort((a, b) => a - b)
  console.log(
    `pairing (${PAIRING_RUNS} runs): connect()→settled ${fmt(settled[0] ?? NaN)}–${fmt(settled.at(-1) ?? NaN)} ms; ` +
      `URI→settled ${fmt(pairAfterUri[0] ?? NaN)}–${fmt(pairAfterUri.at(-1) ?? NaN)} ms; personal_sign round trip median ${fmt(percentile(sign, 0.5))} ms`,
  )

  // 2. Throughput: SOCKETS/2 topics, one publisher and one subscriber socket each.
  const pairs = SOCKETS / 2
  const topics = Array.from({ length: pairs }, randomTopic)
  const connectStart = performance.now()
  const open = async () => RawRelayClient.connect(url, { token: await relayJwt(url) })
  const subscribers = await Promise.all(topics.map(open))
  const publishers = await Promise.all(topics.map(open))
  await Promise.all(subscribers.map((client, i) => client.request('irn_subscribe', { topic: topics[i] })))
  console.log(`${SOCKETS} sockets connected and subscribed in ${fmt(performance.now() - connectStart)} ms`)

  let id = 1_000_000
  /** Sends `perPublisher` messages from every publisher at `ratePerSecond` in total (0: as fast as possible). */
  async function round(label: string, perPublisher: number, ratePerSecond: number) {
    const total = pairs * perPublisher
    const latencies: number[] = []
    let delivered = 0
    const listeners: Array<() => void> = []
    const allDelivered = new Promise<void>((resolve) => {
      for (const client of subscribers) {
        const onMessage = (data: unknown) => {
          const frame = JSON.parse(String(data))
          if (frame.method !== 'irn_subscription') return
          const sentAt = Number(Buffer.from(frame.params.data.message, 'base64').toString().split(':')[0])
          latencies.push(performance.now() - sentAt)
          if (++delivered === total) resolve()
        }
        client.socket.on('message', onMessage)
        listeners.push(() => client.socket.off('message', onMessage))
      }
    })
    const started = performance.now()
    let sent = 0
    for (let m = 0; m < perPublisher; m++) {
      for (const [i, client] of publishers.entries()) {
        if (ratePerSecond > 0) {
          // Pace against the wall clock: never ahead of the target rate.
          const due = started + (sent / ratePerSecond) * 1000
          const wait = due - performance.now()
          if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
        }
        const message = Buffer.from(`${performance.now()}:${label}:${m}:${i}`).toString('base64')
        client.send(
          JSON.stringify({
            id: id++,
            jsonrpc: '2.0',
            method: 'irn_publish',
            params: { topic: topics[i], message, ttl: 300, tag: 1108 },
          }),
        )
        sent++
      }
      // Yield so sends interleave with deliveries, like independent clients would.
      if (ratePerSecond === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await allDelivered
    for (const off of listeners) off()
    const elapsed = performance.now() - started
    latencies.sort((a, b) => a - b)
    console.log(
      `${label}: ${total} messages over ${SOCKETS} sockets in ${fmt(elapsed)} ms = ${Math.round((total / elapsed) * 1000)} msg/s; ` +
        `publish→delivery p50 ${fmt(percentile(latencies, 0.5))} ms, p99 ${fmt(percentile(latencies, 0.99))} ms, max ${fmt(latencies.at(-1) ?? NaN)} ms`,
    )
  }
  await round('burst (all at once)', MESSAGES_PER_PUBLISHER, 0)
  await round('paced 2,000 msg/s', 10, 2_000)
  await round('paced 5,000 msg/s', 10, 5_000)
  await Promise.all([...subscribers, ...publishers].map((client) => client.close()))
} finally {
  clearTimeout(deadline)
  relayProcess.kill('SIGTERM')
  await new Promise((resolve) => relayProcess.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
