import { randomBytes } from 'node:crypto'
import { DOMAIN, httpsRequest } from './production-front.js'
import type { ScaleCluster } from './scale-cluster.js'

// Wallet-list reads through the balancer, as the modal makes them, from several visitors at once. Each
// visitor is a dApp of its own (project id): one project's reads are capped at 6,000 a minute across
// replicas, a limit this load would reach.

export interface ReadReport {
  requests: number
  /** Answers by status; 0 counts requests that got no answer at all. */
  statuses: Record<number, number>
  /** Answers that were not 200. */
  failed: number
  p50Ms: number
  p99Ms: number
  maxMs: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

/** `visitors` loops of GET /getWallets, each waiting for its answer before the next, until stopped. */
export function startExplorerReads(cluster: ScaleCluster, visitors: number) {
  const statuses: Record<number, number> = {}
  const latencies: number[] = []
  let running = true
  const run = randomBytes(4).toString('hex')
  const visitor = async (index: number) => {
    for (let page = 1; running; page = (page % 5) + 1) {
      const started = performance.now()
      const status = await httpsRequest({
        host: `explorer.${DOMAIN}`,
        port: cluster.httpsPort,
        ca: cluster.certificate,
        path: `/getWallets?page=${page}&entries=10`,
        headers: {
          'x-project-id': `scale-${run}-${index}`,
          'x-sdk-type': 'w3m',
          'x-sdk-version': 'react-5.1.11',
        },
        localAddress: `127.0.5.${(index % 250) + 1}`,
      }).then(
        (answer) => answer.status,
        () => 0,
      )
      latencies.push(performance.now() - started)
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  const loops = Array.from({ length: visitors }, (_, index) => visitor(index))
  return {
    async stop(): Promise<ReadReport> {
      running = false
      await Promise.all(loops)
      const sorted = [...latencies].sort((a, b) => a - b)
      return {
        requests: latencies.length,
        statuses,
        failed: latencies.length - (statuses[200] ?? 0),
        p50Ms: Math.round(percentile(sorted, 50)),
        p99Ms: Math.round(percentile(sorted, 99)),
        maxMs: Math.round(sorted.at(-1) ?? 0),
      }
    },
  }
}
