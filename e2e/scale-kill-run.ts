import { setTimeout as sleep } from 'node:timers/promises'
import { DOMAIN } from './production-front.js'
import { AuthVisitors, type SignedIn } from './scale-auth-load.js'
import { chainTraffic } from './scale-chain-load.js'
import { SCALED_SERVICES, type ScaleCluster, type ScaledService } from './scale-cluster.js'
import { startExplorerReads } from './scale-explorer-load.js'
import { startRelayLoad } from './scale-relay-load.js'
import type { ScaleReport } from './scale-results.js'

// The scale-out test's run: traffic on every service through nginx, one replica of each killed with
// SIGKILL while it flows, then what the visitors were told checked against what the services kept.

export interface ScaleLoad {
  relayPairs: number
  /** Publishes a second per relay pair. */
  perSecond: number
  /** Explorer readers, each one request at a time. */
  readers: number
  /** Sign-ins before the kill, and again during it. */
  signIns: number
  /** Sign-ins at a time during the kill. */
  signInWidth: number
  /** Session readers during the kill. */
  sessionReaders: number
  /** Codes raced on several replicas before the kill, and again after it. */
  races: number
  transfers: number
  recipients: number
  beforeKillMs: number
  afterKillMs: number
}

export interface ScaleOutcome {
  report: ScaleReport
  /** Each race's answers: exactly one 200 each. */
  races: number[][]
  /** Every session checked after the kill, through nginx and at each replica left. */
  sessionStatuses: number[]
  /** A session checked at the killed replica: no answer. */
  killedReplicaStatus: number
  /** Each recipient's history rows (transaction hashes) against the transfers sent to it. */
  histories: Map<string, string[]>
  sent: Map<string, Set<string>>
}

/** Runs `count` tasks, `width` at a time, in order of index. */
export async function inBatches<T>(count: number, width: number, task: (index: number) => Promise<T>) {
  const results: T[] = []
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, i) => task(start + i))
    results.push(...(await Promise.all(batch)))
  }
  return results
}

const failures = (statuses: Record<number, number>) =>
  Object.entries(statuses).reduce((sum, [status, count]) => sum + (status === '200' ? 0 : count), 0)

/** Traffic on every service; once it flows, replica 0 of each is killed; resolves when it has stopped. */
async function trafficThroughKill(
  cluster: ScaleCluster,
  load: ScaleLoad,
  before: { sessions: SignedIn[]; recipients: string[] },
  auth: AuthVisitors,
  chain: ReturnType<typeof chainTraffic>,
) {
  const relay = await startRelayLoad({
    url: `wss://relay.${DOMAIN}:${cluster.httpsPort}`,
    ca: cluster.certificate,
    pairs: load.relayPairs,
    perSecond: load.perSecond,
  })
  const explorer = startExplorerReads(cluster, load.readers)
  let endLoad = () => {}
  const loadEnded = new Promise<void>((resolve) => {
    endLoad = resolve
  })
  const transfers = chain.send(before.recipients, load.transfers / 2)
  const historyReads = chain.readWhile(before.recipients, loadEnded)
  const signIns = inBatches(load.signIns, load.signInWidth, (i) => auth.signIn(2_000 + i))
  const tokens = before.sessions.map((session) => session.token)
  const sessionReads = auth.readSessionsWhile(tokens, load.sessionReaders, loadEnded)

  await sleep(load.beforeKillMs)
  await Promise.all(SCALED_SERVICES.map((service) => cluster.kill(service, 0)))
  await sleep(load.afterKillMs)
  endLoad()

  const explorerReport = await explorer.stop()
  const relayReport = await relay.stop()
  await transfers
  const signedIn = await signIns
  return {
    relayReport,
    explorerReport,
    historyReads: Object.fromEntries(await historyReads) as Record<number, number>,
    sessionReads: await sessionReads,
    sessions: signedIn.filter((session): session is SignedIn => Boolean(session)),
    interruptedSignIns: signedIn.filter((session) => !session).length,
  }
}

/** Reads every recipient's history until it holds as many rows as transfers were sent (at most 30 s). */
async function settledHistories(chain: ReturnType<typeof chainTraffic>, recipients: string[]) {
  const histories = new Map<string, string[]>()
  for (let waited = 0; waited < 30_000; waited += 250) {
    for (const address of recipients) histories.set(address, await chain.history(address))
    if (recipients.every((address) => histories.get(address)?.length === chain.sent.get(address)?.size)) break
    await sleep(250)
  }
  return histories
}

export async function killUnderLoad(cluster: ScaleCluster, load: ScaleLoad): Promise<ScaleOutcome> {
  const auth = new AuthVisitors(cluster)
  const chain = chainTraffic(cluster)
  const portsOf = (service: ScaledService) =>
    cluster.replicas.filter((replica) => replica.service === service).map((replica) => replica.port)
  const [killedAuthPort, ...survivingAuthPorts] = portsOf('auth')

  // Before the kill: sessions, codes raced on every auth replica, the first half of the transfers.
  const signedIn = await inBatches(load.signIns, 3, (i) => auth.signIn(i))
  const sessionsBefore = signedIn.filter((session): session is SignedIn => Boolean(session))
  const racesBefore = await inBatches(load.races, 1, (i) =>
    auth.redeemConcurrently(1_000 + i, portsOf('auth'), 2),
  )
  const recipients = chain.recipients(load.recipients)
  await chain.send(recipients, load.transfers / 2)

  const during = await trafficThroughKill(
    cluster,
    load,
    { sessions: sessionsBefore, recipients },
    auth,
    chain,
  )

  // After it: codes raced on the two replicas left, every session checked on each of them and through nginx.
  const racesAfter = await inBatches(load.races, 1, (i) =>
    auth.redeemConcurrently(3_000 + i, survivingAuthPorts, 3),
  )
  const sessions = [...sessionsBefore, ...during.sessions]
  const sessionStatuses = await Promise.all(
    sessions.flatMap(({ token }) => [
      auth.sessionStatus(token),
      ...survivingAuthPorts.map((port) => auth.sessionStatus(token, port)),
    ]),
  )
  const histories = await settledHistories(chain, recipients)
  const rows = [...histories.values()].flat()
  const expected = [...chain.sent.values()].flatMap((hashes) => [...hashes])
  const races = [...racesBefore, ...racesAfter]
  return {
    report: {
      relay: during.relayReport,
      explorer: during.explorerReport,
      auth: {
        sessions: sessions.length,
        interruptedSignIns: during.interruptedSignIns,
        mailsResent: auth.mailsResent,
        sessionReads: during.sessionReads,
        sessionReadsFailed: failures(during.sessionReads),
        sessionChecks: sessionStatuses.length,
        sessionChecksFailed: sessionStatuses.filter((status) => status !== 200).length,
        codeRaces: races.length,
        racesNotExactlyOnce: races.filter((statuses) => statuses.filter((s) => s === 200).length !== 1)
          .length,
      },
      chain: {
        transfers: expected.length,
        rows: rows.length,
        missing: expected.filter((hash) => !rows.includes(hash)).length,
        duplicates: rows.length - new Set(rows).size,
        historyReads: during.historyReads,
        historyReadsFailed: failures(during.historyReads),
      },
    },
    races,
    sessionStatuses,
    killedReplicaStatus: await auth.sessionStatus(sessions[0]?.token ?? '', killedAuthPort),
    histories,
    sent: chain.sent,
  }
}
