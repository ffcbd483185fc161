import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { StepSummary } from './load-generator.js'

export interface RunReport {
  label: string
  relays: number
  storage: 'pglite' | 'postgres' | 'redis'
  entry: 'dist' | 'source' | 'custom'
  connectMs: number
  steps: Array<
    StepSummary & {
      cpu: {
        relays: number[]
        loadGenerator: number
        relaysWaiting?: number[]
        loadGeneratorWaiting?: number
      }
      relayCpuMicrosPerMessage: number
      loadCpuMicrosPerMessage?: number
    }
  >
}

export interface RelayBenchReport {
  date: string
  machine: string
  loadAverage: { before: number; after: number }
  node: string
  cores: string
  sockets: number
  loadThreads: number
  step: { warmupMs: number; measureMs: number; drainMs: number }
  messageBytes: number
  relayEnv: Record<string, string>
  /** Node flags each relay process ran with. */
  relayNodeFlags?: string[]
  /** Set when each run was one closed-loop step with this many publishes unanswered (offered 0). */
  closedLoopInFlight?: number
  runs: RunReport[]
}

const GOAL = { deliveredPerSecond: 20_000, p99Ms: 20 }
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url))

/** The best step of a run that keeps p99 under the goal: the sustainable rate. */
export function sustainable(run: RunReport) {
  const ok = run.steps.filter((step) => step.deliveryMs.p99 < GOAL.p99Ms && step.missing === 0)
  return ok.sort((a, b) => b.deliveredPerSecond - a.deliveredPerSecond)[0]
}

function markdown(report: RelayBenchReport) {
  const lines = [
    `# bench:relay — ${report.date}`,
    '',
    `${report.machine}, Node ${report.node}, load average ${report.loadAverage.before.toFixed(1)} before the run and ` +
      `${report.loadAverage.after.toFixed(1)} after it. ${report.sockets} sockets (${report.sockets / 2} pairs, one topic each, both ` +
      `sockets subscribed, each publishing to the other), ${report.loadThreads} load thread(s); ${report.cores}. ` +
      `Each step: ${report.step.warmupMs / 1000} s warm-up, ${report.step.measureMs / 1000} s measured, ` +
      `${report.messageBytes}-character messages, TTL 300 s, every push acknowledged. Relay settings: ` +
      `${Object.entries(report.relayEnv)
        .map(([key, value]) => `${key}=${value}`)
        .join(', ')}, every other limit default; node flags: ${report.relayNodeFlags?.join(' ') || 'none'}.` +
      (report.closedLoopInFlight
        ? ` Closed loop: each step keeps ${report.closedLoopInFlight} publishes unanswered (offered rate shown as 0).`
        : ''),
    '',
    '| relays | storage | offered msg/s | delivered msg/s | delivery p50 ms | p99 ms | max ms | publish answer p99 ms | missing | errors | relay cores used | load cores used | waiting for a core: relays / load | relay CPU µs/msg | load CPU µs/msg |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---:|---:|',
  ]
  for (const run of report.runs) {
    for (const step of run.steps) {
      lines.push(
        `| ${run.relays} | ${run.entry === 'custom' ? run.label : run.storage} | ${step.offeredPerSecond} | ${step.deliveredPerSecond} | ${step.deliveryMs.p50} | ` +
          `${step.deliveryMs.p99} | ${step.deliveryMs.max} | ${step.publishAckMs.p99} | ${step.missing} | ${step.publishErrors} | ` +
          `${step.cpu.relays.join(' + ')} | ${step.cpu.loadGenerator} | ` +
          `${step.cpu.relaysWaiting?.join(' + ') ?? '?'} / ${step.cpu.loadGeneratorWaiting ?? '?'} | ` +
          `${step.relayCpuMicrosPerMessage} | ${step.loadCpuMicrosPerMessage ?? '?'} |`,
      )
    }
  }
  lines.push(
    '',
    'Cores used and waiting are shares of each step (warm-up, window and 2 s drain); "waiting" is time a side ' +
      'was ready to run while another process had its core (other work on the machine).',
    '',
    `Goal: ≥ ${GOAL.deliveredPerSecond} msg/s delivered with p99 < ${GOAL.p99Ms} ms on one process.`,
    '',
  )
  for (const run of report.runs) {
    const best = sustainable(run)
    lines.push(
      `- ${run.label}: ${best ? `${best.deliveredPerSecond} msg/s at p99 ${best.deliveryMs.p99} ms` : 'no step under the p99 goal'}`,
    )
  }
  return `${lines.join('\n')}\n`
}

export function writeRelayResults(report: RelayBenchReport) {
  writeFileSync(`${RESULTS}relay-latest.json`, `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(`${RESULTS}relay-latest.md`, markdown(report))
  console.log(`wrote ${RESULTS}relay-latest.{json,md}`)
}
