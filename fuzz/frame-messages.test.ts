import { appEventNames, appEventSchemas } from '@portico/wire'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { createFrameHarness, DAPP_ORIGIN } from '../packages/frame/src/page/testing/frame-harness.js'
import { schemaShaped } from './frame/schema-arbitrary.js'
import { newTargetResult, problems, type TargetResult, writeFuzzSection } from './fuzz-results.js'
import { HANG_MS } from './http/fuzz-routes.js'

// Every wallet-frame event the dApp may post (as @portico/wire lists them), with payloads shaped by its
// own request schema but wrong in places, or anything at all. `npm test` runs a seeded slice;
// `npm run bench:fuzz` runs 10,000 per event (PORTICO_FUZZ_CASES) and writes the results.
const CASES = Number(process.env.PORTICO_FUZZ_CASES ?? 40)
const SEED = Number(process.env.PORTICO_FUZZ_SEED ?? 20261127)

const anything = fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: true })

async function settles(promise: Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HANG_MS)
  })
  const done = await Promise.race([promise.then(() => true), hang])
  clearTimeout(timer)
  return done
}

describe('wallet frame messages under fuzzing', () => {
  const harness = createFrameHarness()
  beforeAll(async () => {
    await harness.loginByEmail('fuzz@example.test')
  })

  it(`answers every event, ${CASES} cases each, with a success or an error: no throw, hang or pollution`, async () => {
    const started = performance.now()
    const results: TargetResult[] = []
    let counter = 0
    for (const [index, name] of appEventNames.entries()) {
      const result: TargetResult = newTargetResult('wallet frame', name)
      results.push(result)
      const shaped = schemaShaped(appEventSchemas[name].request)
      if (!shaped) {
        result.missingGenerator = true
        continue
      }
      const payloads = fc.sample(
        fc.oneof({ arbitrary: shaped, weight: 3 }, { arbitrary: anything, weight: 1 }),
        {
          numRuns: CASES,
          seed: SEED + index,
        },
      )
      for (const payload of payloads) {
        const id = `fuzz-${++counter}`
        const posted = harness.posts.length
        const fail = (what: string) => {
          if (result.failures.length < 5)
            result.failures.push(`${what}: ${String(JSON.stringify(payload)).slice(0, 300)}`)
        }
        result.cases++
        try {
          harness.handler.receive({
            data: { type: `@portico-app/${name}`, id, payload },
            origin: DAPP_ORIGIN,
            source: harness.parent,
          })
        } catch (error) {
          result.crashes++
          fail(`threw ${String(error)}`)
          continue
        }
        const settled = await settles(harness.handler.idle())
        const reply = harness.posts
          .slice(posted)
          .find((message) => message.id === id && /_(SUCCESS|ERROR)$/.test(message.type))
        const outcome = reply
          ? reply.type.endsWith('_SUCCESS')
            ? 'success'
            : 'error'
          : settled
            ? 'unanswered'
            : 'hang'
        result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1
        if (!reply) {
          result.hangs++
          fail(outcome)
        }
        if (({} as Record<string, unknown>).polluted !== undefined) {
          result.crashes++
          fail('Object.prototype polluted')
        }
      }
    }
    if (process.env.PORTICO_FUZZ_WRITE)
      writeFuzzSection(
        { seed: SEED, casesPerTarget: CASES },
        'wallet frame',
        (performance.now() - started) / 1000,
        results,
      )
    expect(results.filter((result) => problems(result) > 0)).toEqual([])
  }, 3_600_000)
})
