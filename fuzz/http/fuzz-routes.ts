import fc from 'fast-check'
import { newTargetResult, type TargetResult } from '../fuzz-results.js'
import { type FuzzRequest, type RouteShape, requestArbitrary } from './http-arbitraries.js'
import { type Route, routeKey } from './route-table.js'

/** A request that takes longer than this counts as a hang. */
export const HANG_MS = 5_000

export interface HttpTarget {
  service: string
  routes: Route[]
  shapes: Record<string, RouteShape>
  /** Sends one request and resolves with the answer's status. */
  send(request: FuzzRequest): Promise<number>
  /** Every table's row count, compared around each refused write. */
  rowCounts?: () => Promise<string>
}

/** Crashes are counted by the process-wide listeners the runner installs; this is where they land. */
export const crashCounter = { count: 0 }

export function installCrashListeners() {
  const count = (error: unknown) => {
    crashCounter.count++
    if (crashCounter.count <= 5) console.error('fuzz: uncaught', error)
  }
  process.on('uncaughtException', count)
  process.on('unhandledRejection', count)
  return () => {
    process.off('uncaughtException', count)
    process.off('unhandledRejection', count)
  }
}

const describe = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 200)} ${(request.payload ?? '').slice(0, 300)}`

async function withTimeout<T>(promise: Promise<T>): Promise<T | 'hang'> {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS)
  })
  try {
    return await Promise.race([promise, hang])
  } finally {
    clearTimeout(timer)
  }
}

/** Fuzzes every route of a target with `cases` requests each, from `seed` (same seed, same requests). */
export async function fuzzRoutes(target: HttpTarget, cases: number, seed: number): Promise<TargetResult[]> {
  const results: TargetResult[] = []
  for (const [index, route] of target.routes.entries()) {
    const key = routeKey(route)
    const result: TargetResult = newTargetResult(target.service, key)
    results.push(result)
    const shape = target.shapes[key]
    if (!shape) {
      result.missingGenerator = true
      continue
    }
    const crashesBefore = crashCounter.count
    lastCounts = undefined
    const arbitrary = requestArbitrary(route, shape)
    // Generated in chunks so 10,000 large requests never sit in memory at once.
    for (let done = 0; done < cases; done += 250) {
      const chunk = fc.sample(arbitrary, {
        numRuns: Math.min(250, cases - done),
        seed: seed + index * 1_000_003 + done,
      })
      for (const request of chunk) await runCase(target, route, request, result)
    }
    result.crashes = crashCounter.count - crashesBefore
    if (process.env.PORTICO_FUZZ_PROGRESS)
      console.log(`${target.service} ${key}: ${JSON.stringify(result.outcomes)}`)
  }
  return results
}

/** Row counts after the last write-capable request: the next one's "before", one query per case. */
let lastCounts: string | undefined

async function runCase(target: HttpTarget, route: Route, request: FuzzRequest, result: TargetResult) {
  const writes = route.method !== 'GET' && target.rowCounts !== undefined
  if (writes && lastCounts === undefined) lastCounts = await target.rowCounts?.()
  const before = writes ? lastCounts : undefined
  const status = await withTimeout(target.send(request).catch(() => 599))
  result.cases++
  const fail = (what: string) => {
    if (result.failures.length < 5) result.failures.push(`${what}: ${describe(request)}`)
  }
  if (status === 'hang') {
    result.hangs++
    fail('hang')
    return
  }
  const statusClass = `${Math.floor(status / 100)}xx`
  result.outcomes[statusClass] = (result.outcomes[statusClass] ?? 0) + 1
  if (status >= 500) {
    result.serverErrors++
    fail(String(status))
  }
  if (!writes) return
  const after = await target.rowCounts?.()
  lastCounts = after
  if (status >= 400 && status < 500 && after !== before) {
    result.partialWrites++
    fail(`${status} but rows ${before} → ${after}`)
  }
}
