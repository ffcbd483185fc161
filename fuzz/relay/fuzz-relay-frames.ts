import { relayParamSchemas } from '@portico/relay'
import fc from 'fast-check'
import { newTargetResult, type TargetResult } from '../fuzz-results.js'
import { HANG_MS } from '../http/fuzz-routes.js'
import { FuzzRelayClient } from './fuzz-relay-client.js'
import { frameArbitrary, RAW_FRAMES, relayFrameShapes, TOPICS } from './relay-frame-arbitraries.js'

/** JSON-RPC's internal error: the relay's 5xx. */
const INTERNAL_ERROR = -32603
const PUBLISHING = new Set(['irn_publish', 'irn_batchPublish', 'wc_proposeSession', 'wc_approveSession'])

/**
 * Every relay method (as the relay lists them in relayParamSchemas) plus raw frames, `cases` frames
 * each over a real socket: answers must come within 5 s, never as an internal error, and a refused
 * publish must leave nothing in the mailbox.
 */
export async function fuzzRelayFrames(
  relayUrl: string,
  cases: number,
  seed: number,
): Promise<TargetResult[]> {
  const shapes = relayFrameShapes()
  const methods = [...Object.keys(relayParamSchemas), RAW_FRAMES]
  const refused = new Set<string>()
  // Generated bodies can repeat: one refused in a case may have been accepted in another.
  const accepted = new Set<string>()
  let client = await FuzzRelayClient.connect(relayUrl)
  const results: TargetResult[] = []
  for (const [index, method] of methods.entries()) {
    const result: TargetResult = newTargetResult('relay frames', method)
    results.push(result)
    const shape = shapes[method]
    if (!shape) {
      result.missingGenerator = true
      continue
    }
    const fail = (what: string, frame: string) => {
      if (result.failures.length < 5) result.failures.push(`${what}: ${frame.slice(0, 400)}`)
    }
    for (let done = 0; done < cases; done += 250) {
      const frames = fc.sample(frameArbitrary(method, shape), {
        numRuns: Math.min(250, cases - done),
        seed: seed + index * 1_000_003 + done,
      })
      for (const frame of frames) {
        result.cases++
        const id = frame.numbered ? client.nextId() : undefined
        const text = frame.text(id)
        const answer = await client.exchange(text, id, HANG_MS)
        const outcome =
          answer.kind === 'answer' ? (answer.error ? `error ${answer.error.code}` : 'result') : answer.kind
        result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1
        if (answer.kind === 'hang') {
          result.hangs++
          fail('hang', text)
        } else if (answer.kind === 'closed') {
          // A frame over the size limit closes with 1009 by design; any other close is a failure.
          if (answer.code !== 1009) {
            result.crashes++
            fail(`closed ${answer.code}`, text)
          }
          client = await FuzzRelayClient.connect(relayUrl)
        } else if (answer.error?.code === INTERNAL_ERROR) {
          result.serverErrors++
          fail('internal error', text)
        } else if (PUBLISHING.has(method)) {
          for (const message of frame.messages) (answer.error ? refused : accepted).add(message)
        }
      }
    }
  }
  await client.close()
  // Refused publishes stored nothing: a fresh client fetching every topic sees none of their messages.
  const stored = await storedMessages(relayUrl)
  const publish = results.find((result) => result.target === 'irn_publish')
  for (const message of refused) {
    if (!stored.has(message) || accepted.has(message) || !publish) continue
    publish.partialWrites++
    if (publish.failures.length < 5) publish.failures.push(`refused but stored: ${message.slice(0, 200)}`)
  }
  return results
}

async function storedMessages(relayUrl: string) {
  const reader = await FuzzRelayClient.connect(relayUrl)
  const stored = new Set<string>()
  for (const topic of TOPICS) {
    for (let page = 0; page < 1_000; page++) {
      const answer = await reader.request('irn_fetchMessages', { topic }, HANG_MS)
      const result =
        answer.kind === 'answer'
          ? (answer.result as { messages?: { message: string }[]; hasMore?: boolean })
          : undefined
      for (const message of result?.messages ?? []) stored.add(message.message)
      if (!result?.hasMore) break
    }
  }
  await reader.close()
  return stored
}
