import { execFileSync } from 'node:child_process'
import { connect } from 'node:net'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { LoadGenerator, type StepSummary } from './load-generator.js'
import { cpuSeconds, runQueueSeconds, startRelays } from './relay-processes.js'
import { type RelayBenchReport, type RunReport, writeRelayResults } from './relay-results.js'

/**
 * `npm run bench:relay`: 1,000 WebSocket clients in pairs on one topic each, publishing to each other
 * at paced rates against one relay process (PGlite mailbox, its default), then against 1, 2 and 3
 * processes sharing Redis. The relays run pinned to one core and the load generator (worker threads)
 * to the other, so neither starves the other.
 */
// Young-generation room: a relay allocates a few KB per message, nearly all of it dead within milliseconds.
const RELAY_NODE_FLAGS = '--max-semi-space-size=64'
const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    threads: { type: 'string', default: '1' },
    rates: { type: 'string', default: '5000,10000,15000,20000,25000' },
    'scale-rates': { type: 'string', default: '10000,20000' },
    replicas: { type: 'string', default: '1,2,3' },
    warmup: { type: 'string', default: '3000' },
    measure: { type: 'string', default: '10000' },
    only: { type: 'string' },
    profile: { type: 'string' },
    'redis-url': { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    // One process on PostgreSQL too, after PGlite (e.g. postgres://postgres@127.0.0.1:5432/test).
    'database-url': { type: 'string' },
    // Instead of paced rates: one step keeping this many publishes unanswered (as fast as the relay goes).
    'closed-loop': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    // Another build's main.js instead of services/relay/dist (compare builds on a shared machine).
    'relay-entry': { type: 'string' },
    // Node flags of the relay processes: the production recommendation (docs/performance.md) by default.
    'relay-node-flags': { type: 'string', default: RELAY_NODE_FLAGS },
  },
})
const numbers = (list: string) => list.split(',').map(Number)
const round2 = (value: number) => Math.round(value * 100) / 100
const RELAY_FLAGS = args['relay-node-flags'].split(' ').filter(Boolean)
const SOCKETS = Number(args.sockets)
const THREADS = Number(args.threads)
const STEP = { warmupMs: Number(args.warmup), measureMs: Number(args.measure), drainMs: 2_000 }
const IN_FLIGHT = args['closed-loop'] ? Number(args['closed-loop']) : undefined
// 40 loopback addresses, 25 sockets each: per-address limits see many machines, as in production.
const LOCAL_ADDRESSES = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 2}`)
// Every limit keeps its default except the per-client publish rate (20/s): at 1,000 sockets that is
// exactly 20,000/s, and the sweep goes past it.
const RELAY_ENV = { RELAY_PUBLISHES_PER_SECOND: '200' }

// Read before this process pins itself: afterwards it sees only its own core.
const CORES = availableParallelism()
const LOAD_BEFORE = loadavg()[0] ?? 0
const twoCores = CORES >= 2
const RELAY_CPUS = twoCores ? '0' : undefined
if (twoCores) execFileSync('taskset', ['-a', '-pc', '1', String(process.pid)], { stdio: 'ignore' })

const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1_000 })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.once('timeout', () => done(false))
  })

function line(label: string, step: StepSummary) {
  const { deliveryMs: d, publishAckMs: a } = step
  return (
    `${label} offered ${step.offeredPerSecond}/s: delivered ${step.deliveredPerSecond}/s, ` +
    `delivery p50 ${d.p50} p99 ${d.p99} max ${d.max} ms, publish answer p50 ${a.p50} p99 ${a.p99} ms, ` +
    `missing ${step.missing}, errors ${step.publishErrors}${step.errorSamples[0] ? ` (${step.errorSamples[0]})` : ''}`
  )
}

type Storage = RunReport['storage']

async function run(label: string, count: number, rates: number[], storage: Storage): Promise<RunReport> {
  const redisUrl = storage === 'redis' ? args['redis-url'] : undefined
  const databaseUrl = storage === 'postgres' ? args['database-url'] : undefined
  const fleet = await startRelays({
    count,
    ...(redisUrl ? { redisUrl } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(RELAY_CPUS ? { cpus: RELAY_CPUS } : {}),
    ...(args.profile ? { profileDir: args.profile } : {}),
    ...(args['relay-entry'] ? { entry: resolve(args['relay-entry']) } : {}),
    nodeFlags: RELAY_FLAGS,
    env: RELAY_ENV,
  })
  try {
    const { generator, connectMs } = await LoadGenerator.start({
      relayUrls: fleet.urls,
      sockets: SOCKETS,
      threads: THREADS,
      localAddresses: LOCAL_ADDRESSES,
      messageBytes: 400,
      ttlSeconds: 300,
    })
    console.log(`${label}: ${SOCKETS} sockets connected and subscribed in ${Math.round(connectMs)} ms`)
    const steps: RunReport['steps'] = []
    // A closed-loop step is reported with offered rate 0.
    for (const rate of IN_FLIGHT ? [0] : rates) {
      const relayBefore = fleet.pids.map(cpuSeconds)
      const waitedBefore = { relays: fleet.pids.map(runQueueSeconds), load: runQueueSeconds('self') }
      const loadBefore = process.cpuUsage()
      const stepStarted = performance.now()
      const step = await generator.step({ ...STEP, ...(IN_FLIGHT ? { inFlight: IN_FLIGHT } : {}) }, rate)
      const seconds = (performance.now() - stepStarted) / 1000
      const load = process.cpuUsage(loadBefore)
      // Whole step (warm-up, window and drain): the share of a core each side used.
      const cpu = {
        relays: fleet.pids.map((pid, i) => round2((cpuSeconds(pid) - (relayBefore[i] ?? 0)) / seconds)),
        loadGenerator: round2((load.user + load.system) / 1e6 / seconds),
        // Share of the step each side was ready to run but another process had its core.
        relaysWaiting: fleet.pids.map((pid, i) =>
          round2((runQueueSeconds(pid) - (waitedBefore.relays[i] ?? 0)) / seconds),
        ),
        loadGeneratorWaiting: round2((runQueueSeconds('self') - waitedBefore.load) / seconds),
      }
      // Relay CPU per delivered message: comparable between runs even when other work shares the cores.
      const relayCores = cpu.relays.reduce((sum, cores) => sum + cores, 0)
      const relayCpuMicrosPerMessage = Math.round((relayCores * 1e6) / Math.max(1, step.deliveredPerSecond))
      // The same for the load generator: past 1e6 / this, one core cannot offer the rate.
      const loadCpuMicrosPerMessage = Math.round(
        (cpu.loadGenerator * 1e6) / Math.max(1, step.deliveredPerSecond),
      )
      console.log(
        `${line(`  ${label}`, step)}; cores used: relays ${cpu.relays.join('+')}, load ${cpu.loadGenerator}; ` +
          `waiting for a core: relays ${cpu.relaysWaiting.join('+')}, load ${cpu.loadGeneratorWaiting}; ` +
          `CPU µs/message: relay ${relayCpuMicrosPerMessage}, load ${loadCpuMicrosPerMessage}`,
      )
      steps.push({ ...step, cpu, relayCpuMicrosPerMessage, loadCpuMicrosPerMessage })
    }
    await generator.close()
    return {
      label,
      relays: count,
      storage,
      entry: fleet.entry,
      connectMs,
      steps,
    }
  } finally {
    await fleet.stop()
  }
}

const runs: RunReport[] = []
/** Another entry (an older build, the floor forwarder) is named in the label: its storage may mean nothing. */
const entryName = args['relay-entry'] ? ` (${args['relay-entry']})` : ''
if (args.only !== 'scale') {
  runs.push(await run(`1 relay${entryName}, PGlite`, 1, numbers(args.rates), 'pglite'))
  if (args['database-url'])
    runs.push(await run(`1 relay${entryName}, PostgreSQL`, 1, numbers(args.rates), 'postgres'))
}
if (args.only !== 'single') {
  if (await reachable(args['redis-url'])) {
    for (const count of numbers(args.replicas))
      runs.push(
        await run(`${count} relay(s)${entryName}, Redis`, count, numbers(args['scale-rates']), 'redis'),
      )
  } else console.log(`Scaling curve not run: no Redis at ${args['redis-url']} (--redis-url)`)
}

const report: RelayBenchReport = {
  date: new Date().toISOString(),
  machine: `${CORES} vCPU ${cpus()[0]?.model ?? ''}`.trim(),
  // Other work on the machine: the relays get less of their core than the figures assume when this is high.
  loadAverage: { before: LOAD_BEFORE, after: loadavg()[0] ?? 0 },
  node: process.version,
  cores: twoCores
    ? 'relay processes pinned to CPU 0 (taskset), load generator pinned to CPU 1, Redis unpinned'
    : 'one core: relays and load generator share it',
  sockets: SOCKETS,
  loadThreads: THREADS,
  step: STEP,
  messageBytes: 400,
  relayEnv: RELAY_ENV,
  relayNodeFlags: RELAY_FLAGS,
  ...(IN_FLIGHT ? { closedLoopInFlight: IN_FLIGHT } : {}),
  runs,
}
if (!args['no-write']) writeRelayResults(report)
