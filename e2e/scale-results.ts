import { writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import type { ReadReport } from './scale-explorer-load.js'
import type { RelayLoadReport } from './scale-relay-load.js'

export interface ScaleReport {
  relay: RelayLoadReport
  explorer: ReadReport
  auth: {
    sessions: number
    interruptedSignIns: number
    mailsResent: number
    sessionReads: Record<number, number>
    sessionReadsFailed: number
    sessionChecks: number
    sessionChecksFailed: number
    codeRaces: number
    racesNotExactlyOnce: number
  }
  chain: {
    transfers: number
    rows: number
    missing: number
    duplicates: number
    historyReads: Record<number, number>
    historyReadsFailed: number
  }
}

const statuses = (counts: Record<number, number>) =>
  Object.entries(counts)
    .map(([status, count]) => `${count} × ${status === '0' ? 'no answer' : status}`)
    .join(', ')

/** Writes the run's counts as Markdown to PORTICO_SCALE_RESULTS (set by `npm run test:scale`), if set. */
export async function writeScaleResults(report: ScaleReport, loadName: string, load: object) {
  const path = process.env.PORTICO_SCALE_RESULTS
  if (!path) return
  const { relay, explorer, auth, chain } = report
  const text = `# Scale-out under SIGKILL (\`npm run test:scale\`)

Run ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}.
Three replicas each of the explorer, chain API, relay and auth, each a \`portico serve <service>\` process of
the built output, on one PostgreSQL database and one Redis, behind nginx with TLS
(docs/nginx/portico.conf with the upstreams of docs/nginx/portico-replicas.conf). Under load, replica 1
of every service was killed with SIGKILL at once. Load (${loadName}): ${Object.entries(load)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ')}.

| Service | What was checked | Result |
| --- | --- | --- |
| relay | ${relay.pairs} publisher/subscriber pairs; publishes acknowledged | ${relay.acked} acknowledged, ${relay.delivered} delivered, **${relay.lost} lost**; ${relay.reconnects} reconnections, ${relay.repeated} publishes repeated after a lost answer, ${relay.duplicates} duplicate deliveries (dropped by the client) |
| explorer | wallet-list reads through nginx | ${explorer.requests} requests: ${statuses(explorer.statuses)}; **${explorer.failed} failed**; p50 ${explorer.p50Ms} ms, p99 ${explorer.p99Ms} ms, max ${explorer.maxMs} ms |
| auth | e-mail sign-ins before and during the kill; sessions checked on every replica left and through nginx | ${auth.sessions} sessions, **${auth.sessionChecksFailed} of ${auth.sessionChecks} checks failed**; ${auth.interruptedSignIns} sign-ins whose verify was cut off with the replica (code spent, no session reached the visitor); ${auth.mailsResent} mails asked for again (the replica died after committing the step, before mailing) |
| auth | session reads (GET /auth/v1/session) through nginx during the kill | ${statuses(auth.sessionReads)} |
| auth | one code redeemed at once on several replicas | ${auth.codeRaces} races, **${auth.racesNotExactlyOnce} not redeemed exactly once** |
| chain API | native transfers indexed by the replicas sharing the database | ${chain.transfers} transfers, ${chain.rows} history rows, **${chain.missing} missing, ${chain.duplicates} duplicates**; history reads during the kill: ${statuses(chain.historyReads)} |
`
  await writeFile(path, text)
}
