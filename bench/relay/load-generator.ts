import { Worker } from 'node:worker_threads'
import {
  percentile,
  type StepCommand,
  type StepResult,
  type WorkerCommand,
  type WorkerPlan,
  type WorkerReply,
} from './load-plan.js'

export interface LoadOptions {
  relayUrls: string[]
  sockets: number
  threads: number
  localAddresses: string[]
  messageBytes: number
  ttlSeconds: number
}

export interface StepSummary {
  offeredPerSecond: number
  sent: number
  deliveredPerSecond: number
  /** Messages sent in the window that never arrived (within the drain). */
  missing: number
  publishErrors: number
  errorSamples: string[]
  deliveryMs: { p50: number; p99: number; max: number }
  publishAckMs: { p50: number; p99: number }
}

const round = (value: number) => Math.round(value * 100) / 100

/** Worker threads that each hold a share of the sockets; every step runs on all of them at once. */
export class LoadGenerator {
  private constructor(private readonly workers: Worker[]) {}

  static async start(options: LoadOptions) {
    const pairs = options.sockets / 2
    const perThread = Math.ceil(pairs / options.threads)
    const workers: Worker[] = []
    for (let t = 0; t < options.threads; t++) {
      const firstPair = t * perThread
      const plan: WorkerPlan = {
        relayUrls: options.relayUrls,
        firstPair,
        pairs: Math.min(perThread, pairs - firstPair),
        localAddresses: options.localAddresses,
        messageBytes: options.messageBytes,
        ttlSeconds: options.ttlSeconds,
      }
      workers.push(new Worker(new URL('./load-worker-entry.mjs', import.meta.url), { workerData: plan }))
    }
    const generator = new LoadGenerator(workers)
    const replies = await generator.#all({ type: 'connect' })
    return {
      generator,
      connectMs: Math.max(...replies.map((reply) => (reply.type === 'ready' ? reply.connectMs : 0))),
    }
  }

  #all(command: WorkerCommand) {
    return Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<WorkerReply>((resolve, reject) => {
            worker.once('message', (reply: WorkerReply) =>
              reply.type === 'error' ? reject(new Error(reply.message)) : resolve(reply),
            )
            worker.once('error', reject)
            worker.postMessage(command)
          }),
      ),
    )
  }

  /** A paced step at `ratePerSecond`, or with `command.inFlight` a closed-loop one (ratePerSecond 0). */
  async step(command: Omit<StepCommand, 'type' | 'ratePerSecond'>, ratePerSecond: number) {
    const share = ratePerSecond / this.workers.length
    const inFlight = command.inFlight && Math.ceil(command.inFlight / this.workers.length)
    const replies = await this.#all({
      type: 'step',
      ...command,
      ratePerSecond: share,
      ...(inFlight ? { inFlight } : {}),
    })
    return summarize(
      replies as Array<Extract<WorkerReply, { type: 'step' }>>,
      ratePerSecond,
      command.measureMs,
    )
  }

  async close() {
    await this.#all({ type: 'close' })
    await Promise.all(this.workers.map((worker) => worker.terminate()))
  }
}

function merged(results: StepResult[], key: 'deliveryLatencies' | 'ackLatencies') {
  const all = new Float64Array(results.reduce((sum, result) => sum + result[key].length, 0))
  let offset = 0
  for (const result of results) {
    all.set(result[key], offset)
    offset += result[key].length
  }
  return all.sort()
}

function summarize(results: StepResult[], offered: number, measureMs: number): StepSummary {
  const sum = (key: 'sent' | 'deliveredInWindow' | 'arrivedOfSent' | 'publishErrors') =>
    results.reduce((total, result) => total + result[key], 0)
  const delivery = merged(results, 'deliveryLatencies')
  const ack = merged(results, 'ackLatencies')
  return {
    offeredPerSecond: offered,
    sent: sum('sent'),
    deliveredPerSecond: Math.round(sum('deliveredInWindow') / (measureMs / 1000)),
    missing: sum('sent') - sum('arrivedOfSent'),
    publishErrors: sum('publishErrors'),
    errorSamples: results.flatMap((result) => result.errorSamples).slice(0, 5),
    deliveryMs: {
      p50: round(percentile(delivery, 0.5)),
      p99: round(percentile(delivery, 0.99)),
      max: round(delivery.at(-1) ?? Number.NaN),
    },
    publishAckMs: { p50: round(percentile(ack, 0.5)), p99: round(percentile(ack, 0.99)) },
  }
}
