import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { testDatabaseUrl, testRedisUrl } from '@portico/database'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commandLineOf, repoRoot } from './production-front.js'
import { authVisitors, type SignedIn } from './scale-auth-load.js'
import { chainTraffic } from './scale-chain-load.js'
import { REPLICAS, SCALED_SERVICES, type ScaleCluster, startScaleCluster } from './scale-cluster.js'
import { startExplorerReads } from './scale-explorer-load.js'
import { startRelayLoad } from './scale-relay-load.js'
import { writeScaleResults } from './scale-results.js'

// Issue #31's scale-out test: three replicas of the explorer, chain API, relay and auth, built and started
// by `portico serve`, behind nginx on one PostgreSQL database and one Redis; one replica of each is killed
// with SIGKILL under load, and nothing a visitor was told succeeded may be lost. `npm test` runs this
// small slice when PORTICO_TEST_DATABASE_URL and PORTICO_TEST_REDIS_URL are set; `npm run test:scale`
// runs it with PORTICO_SCALE_LOAD=full and writes bench/results/scale-latest.md.

const FULL = process.env.PORTICO_SCALE_LOAD === 'full'
export const LOAD = FULL
  ? { relayPairs: 60, perSecond: 10, readers: 12, signIns: 24, races: 6, transfers: 40, recipients: 10 }
  : { relayPairs: 12, perSecond: 8, readers: 4, signIns: 6, races: 2, transfers: 12, recipients: 4 }
const BEFORE_KILL_MS = FULL ? 5_000 : 2_000
const AFTER_KILL_MS = FULL ? 15_000 : 5_000

if (!testDatabaseUrl || !testRedisUrl)
  console.log(
    'Not run: the scale-out test (3 replicas of each service behind nginx, SIGKILL under load) needs ' +
      'PORTICO_TEST_DATABASE_URL and PORTICO_TEST_REDIS_URL.',
  )

/** Runs `count` tasks, `width` at a time, in order of index. */
async function inBatches<T>(count: number, width: number, task: (index: number) => Promise<T>) {
  const results: T[] = []
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, i) => task(start + i))
    results.push(...(await Promise.all(batch)))
  }
  return results
}

describe.skipIf(!testDatabaseUrl || !testRedisUrl)('three replicas of each service behind nginx', () => {
  let cluster: ScaleCluster

  beforeAll(async () => {
    cluster = await startScaleCluster()
  }, 180_000)

  afterAll(async () => {
    await cluster?.stop()
  })

  it('runs every replica from the built JavaScript under plain node', () => {
    expect(cluster.replicas).toHaveLength(SCALED_SERVICES.length * REPLICAS)
    for (const replica of cluster.replicas) {
      expect(commandLineOf(replica.process.pid)).toBe(
        `${process.execPath} ${repoRoot}services/stack/dist/portico.js serve ${replica.service} --config ${cluster.configFile}`,
      )
    }
    // The process list: every process started with this run's config, children included, is plain node.
    const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(cluster.configFile))
    expect(processes).toHaveLength(cluster.replicas.length)
    expect(processes.filter((line) => /tsx|\.ts\b/.test(line))).toEqual([])
  })

  it('migrated each schema once, though all replicas started together on the empty database', async () => {
    const client = new pg.Client({ connectionString: cluster.databaseUrl })
    await client.connect()
    try {
      for (const [service, schema] of [
        ['explorer', 'explorer'],
        ['chain-api', 'chain_api'],
        ['auth', 'auth'],
      ] as const) {
        const files = readdirSync(`${repoRoot}services/${service}/src/migrations`)
          .filter((file) => /^\d{4}-.*\.ts$/.test(file))
          .map((file) => file.replace(/\.ts$/, ''))
        const { rows } = await client.query<{ name: string }>(
          `select name from ${schema}.${schema}_migrations order by name`,
        )
        expect(rows.map((row) => row.name)).toEqual(files.sort())
      }
    } finally {
      await client.end()
    }
  })

  it('loses no relay message, session, code or history row when one replica of each is killed under load', async () => {
    const auth = authVisitors(cluster)
    const chain = chainTraffic(cluster)
    const portsOf = (service: (typeof SCALED_SERVICES)[number]) =>
      cluster.replicas.filter((replica) => replica.service === service).map((replica) => replica.port)
    const [killedAuthPort, ...survivingAuthPorts] = portsOf('auth')

    // Before the kill: sessions, a code raced on every auth replica, the first half of the transfers.
    const sessionsBefore = (await inBatches(LOAD.signIns, 3, (i) => auth.signIn(i))).filter(Boolean)
    const racesBefore = await inBatches(LOAD.races, 1, (i) =>
      auth.redeemConcurrently(1_000 + i, portsOf('auth'), 2),
    )
    const recipients = chain.recipients(LOAD.recipients)
    await chain.send(recipients, LOAD.transfers / 2)

    // Under load: relay pairs publishing, explorer and history reads, transfers, sign-ins.
    const relay = await startRelayLoad({
      url: `wss://relay.portico.test:${cluster.httpsPort}`,
      ca: cluster.certificate,
      pairs: LOAD.relayPairs,
      perSecond: LOAD.perSecond,
    })
    const explorer = startExplorerReads(cluster, LOAD.readers)
    const transfers = chain.send(recipients, LOAD.transfers / 2)
    let endLoad = () => {}
    const loadEnded = new Promise<void>((resolve) => {
      endLoad = resolve
    })
    const historyReads = chain.readWhile(recipients, loadEnded)
    const signInsDuring = inBatches(LOAD.signIns, 2, (i) => auth.signIn(2_000 + i))
    await sleep(BEFORE_KILL_MS)
    await Promise.all(SCALED_SERVICES.map((service) => cluster.kill(service, 0)))
    await sleep(AFTER_KILL_MS)
    endLoad()

    const explorerReport = await explorer.stop()
    const relayReport = await relay.stop()
    await transfers
    const historyStatuses = await historyReads
    const duringResults = await signInsDuring
    const sessionsDuring = duringResults.filter((session): session is SignedIn => Boolean(session))

    // After the kill: a code raced on the two replicas left, every session checked on each of them.
    const racesAfter = await inBatches(LOAD.races, 1, (i) =>
      auth.redeemConcurrently(3_000 + i, survivingAuthPorts, 3),
    )
    const sessions = [...sessionsBefore, ...sessionsDuring] as SignedIn[]
    const sessionStatuses = await Promise.all(
      sessions.flatMap(({ token }) => [
        auth.sessionStatus(token),
        ...survivingAuthPorts.map((port) => auth.sessionStatus(token, port)),
      ]),
    )
    expect(await auth.sessionStatus(sessions[0]?.token ?? '', killedAuthPort)).toBe(0)

    // Every transfer indexed exactly once, by whichever replicas were left.
    const histories = new Map<string, string[]>()
    for (let waited = 0; waited < 30_000; waited += 250) {
      for (const address of recipients) histories.set(address, await chain.history(address))
      if (recipients.every((address) => histories.get(address)?.length === chain.sent.get(address)?.size))
        break
      await sleep(250)
    }
    const rows = [...histories.values()].flat()
    const expectedRows = [...chain.sent.values()].flatMap((hashes) => [...hashes])
    const missing = expectedRows.filter((hash) => !rows.includes(hash))
    const duplicates = rows.length - new Set(rows).size

    const report = {
      load: FULL ? 'full' : 'ci',
      relay: relayReport,
      explorer: explorerReport,
      auth: {
        sessions: sessions.length,
        interruptedSignIns: duringResults.length - sessionsDuring.length,
        mailsResent: auth.mailsResent(),
        sessionChecks: sessionStatuses.length,
        sessionChecksFailed: sessionStatuses.filter((status) => status !== 200).length,
        codeRaces: racesBefore.length + racesAfter.length,
        racesNotExactlyOnce: [...racesBefore, ...racesAfter].filter(
          (statuses) => statuses.filter((status) => status === 200).length !== 1,
        ).length,
      },
      chain: {
        transfers: expectedRows.length,
        rows: rows.length,
        missing: missing.length,
        duplicates,
        historyReads: Object.fromEntries(historyStatuses),
      },
    }
    console.log(`scale-out under SIGKILL: ${JSON.stringify(report, null, 2)}`)
    await writeScaleResults(report, LOAD)

    expect(relayReport.acked).toBeGreaterThan(LOAD.relayPairs * 10)
    expect(relayReport.reconnects).toBeGreaterThan(0)
    expect(relayReport.lost).toBe(0)
    // At most the requests in flight on the killed replica fail; nginx passes the rest on.
    expect(explorerReport.failed).toBeLessThanOrEqual(LOAD.readers)
    expect(explorerReport.statuses[200]).toBeGreaterThan(0)
    expect(sessionStatuses.every((status) => status === 200)).toBe(true)
    for (const statuses of [...racesBefore, ...racesAfter]) {
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status !== 200).every((status) => status === 400)).toBe(true)
    }
    expect(missing).toEqual([])
    expect(duplicates).toBe(0)
    expect(rows).toHaveLength(LOAD.transfers)
    expect(historyStatuses.get(200)).toBeGreaterThan(0)
  }, 300_000)
})
