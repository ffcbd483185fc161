import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { testDatabaseUrl, testRedisUrl } from '@portico/database'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commandLineOf, repoRoot } from './production-front.js'
import { REPLICAS, SCALED_SERVICES, type ScaleCluster, startScaleCluster } from './scale-cluster.js'
import { killUnderLoad, type ScaleLoad } from './scale-kill-run.js'
import { writeScaleResults } from './scale-results.js'

// Issue #31's scale-out test: three replicas of the explorer, chain API, relay and auth, built and started
// by `portico serve`, behind nginx on one PostgreSQL database and one Redis; one replica of each is killed
// with SIGKILL under load, and nothing a visitor was told succeeded may be lost. `npm test` runs this
// small slice when PORTICO_TEST_DATABASE_URL and PORTICO_TEST_REDIS_URL are set; `npm run test:scale`
// runs it with PORTICO_SCALE_LOAD=full and writes bench/results/scale-latest.md.

const FULL = process.env.PORTICO_SCALE_LOAD === 'full'
const LOAD: ScaleLoad = FULL
  ? {
      relayPairs: 60,
      perSecond: 10,
      readers: 12,
      signIns: 24,
      signInWidth: 4,
      sessionReaders: 4,
      races: 6,
      transfers: 40,
      recipients: 10,
      beforeKillMs: 5_000,
      afterKillMs: 15_000,
    }
  : {
      relayPairs: 12,
      perSecond: 8,
      readers: 4,
      signIns: 6,
      signInWidth: 2,
      sessionReaders: 2,
      races: 2,
      transfers: 12,
      recipients: 4,
      beforeKillMs: 2_000,
      afterKillMs: 5_000,
    }

if (!testDatabaseUrl || !testRedisUrl)
  console.log(
    'Not run: the scale-out test (3 replicas of each service behind nginx, SIGKILL under load) needs ' +
      'PORTICO_TEST_DATABASE_URL and PORTICO_TEST_REDIS_URL.',
  )

describe.skipIf(!testDatabaseUrl || !testRedisUrl)('three replicas of each service behind nginx', () => {
  let cluster: ScaleCluster

  beforeAll(async () => {
    const started = performance.now()
    cluster = await startScaleCluster()
    console.log(
      `${cluster.replicas.length} replicas and nginx up in ${Math.round(performance.now() - started)} ms`,
    )
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
    const outcome = await killUnderLoad(cluster, LOAD)
    const { relay, explorer, auth, chain } = outcome.report
    console.log(
      `scale-out under SIGKILL (${FULL ? 'full' : 'ci'} load): ${JSON.stringify(outcome.report, null, 2)}`,
    )
    await writeScaleResults(outcome.report, FULL ? 'full' : 'ci', LOAD)

    // Relay: every acknowledged publish reached its subscriber, across reconnections.
    expect(relay.acked).toBeGreaterThan(LOAD.relayPairs * 10)
    expect(relay.reconnects).toBeGreaterThan(0)
    expect(relay.lost).toBe(0)
    // Reads: at most the requests in flight on the killed replica fail; nginx passes the rest on.
    expect(explorer.statuses[200]).toBeGreaterThan(0)
    expect(explorer.failed).toBeLessThanOrEqual(LOAD.readers)
    expect(auth.sessionReads[200]).toBeGreaterThan(0)
    expect(auth.sessionReadsFailed).toBeLessThanOrEqual(LOAD.sessionReaders)
    expect(chain.historyReads[200]).toBeGreaterThan(0)
    expect(chain.historyReadsFailed).toBeLessThanOrEqual(1)
    // Auth: every session works on every replica left; each code is redeemed once, the other tries refused.
    expect(outcome.killedReplicaStatus).toBe(0)
    expect(outcome.sessionStatuses.length).toBeGreaterThanOrEqual(LOAD.signIns * 3)
    expect(outcome.sessionStatuses.filter((status) => status !== 200)).toEqual([])
    for (const statuses of outcome.races) {
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status !== 200).every((status) => status === 400)).toBe(true)
    }
    // Chain API: each recipient's history is exactly the transfers sent to it.
    expect(chain.transfers).toBe(LOAD.transfers)
    for (const [address, hashes] of outcome.sent) {
      expect([...(outcome.histories.get(address) ?? [])].sort()).toEqual([...hashes].sort())
    }
  }, 300_000)
})
