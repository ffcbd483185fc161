import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { problems } from './fuzz-results.js'
import { crashCounter, fuzzRoutes, installCrashListeners } from './http/fuzz-routes.js'
import { startFuzzTargets } from './http/fuzz-targets.js'
import { fuzzRelayFrames } from './relay/fuzz-relay-frames.js'

// The seeded slice of `npm run bench:fuzz`: the same generators and checks, fewer cases per target.
const CASES = Number(process.env.PORTICO_FUZZ_CASES ?? 40)
const SEED = Number(process.env.PORTICO_FUZZ_SEED ?? 20261127)

describe('services under fuzzed requests', () => {
  let fuzz: Awaited<ReturnType<typeof startFuzzTargets>>
  let uninstall: () => void
  beforeAll(async () => {
    fuzz = await startFuzzTargets()
    uninstall = installCrashListeners()
  }, 120_000)
  afterAll(async () => {
    uninstall?.()
    await fuzz?.close()
  })

  it('finds every route of the four services, each with a generator', () => {
    for (const target of fuzz.targets) {
      expect(target.routes.length, target.service).toBeGreaterThan(0)
      const missing = target.routes
        .map((route) => `${route.method} ${route.url}`)
        .filter((key) => !target.shapes[key])
      expect(missing, `${target.service}: routes without a shape in fuzz/http/route-shapes.ts`).toEqual([])
    }
  })

  it(`answers ${CASES} fuzzed requests per route without 5xx, hang, crash or partial write`, async () => {
    for (const target of fuzz.targets) {
      const results = await fuzzRoutes(target, CASES, SEED)
      expect(results.filter((result) => problems(result) > 0)).toEqual([])
      expect(results.every((result) => result.cases === CASES)).toBe(true)
    }
    expect(crashCounter.count).toBe(0)
  }, 600_000)

  it(`answers ${CASES} fuzzed frames per relay method without internal error, hang or stored refusal`, async () => {
    const results = await fuzzRelayFrames(fuzz.relayUrl, CASES, SEED)
    expect(results.filter((result) => problems(result) > 0)).toEqual([])
    // Some of each method's frames were valid: the fuzzer reached the handlers, not only the validation.
    for (const result of results.filter((each) => each.target.startsWith('irn_')))
      expect(result.outcomes.result ?? 0, result.target).toBeGreaterThan(0)
  }, 300_000)
})
