import type { GatewayTimers } from './gateway-timers.js'
import type { PostJson } from './post-json.js'

export interface UpstreamPolicy {
  /** Retries of one upstream after a failure that may pass (connection refused, 408, 429, 5xx). */
  retryCount: number
  /** Back-off before the first retry; doubled before each next one. */
  retryDelayMs: number
  /** Time-out of one attempt. */
  timeoutMs: number
  timers: GatewayTimers
  post: PostJson
}

/** How the last attempt failed, when every upstream did. */
export type UpstreamFailure = { kind: 'timeout' } | { kind: 'failed'; cause: unknown }

type Attempt = { ok: true; body: unknown } | { ok: false; retry: boolean; failure: UpstreamFailure }

const RETRIED_STATUS = (status: number) => status === 408 || status === 429 || status >= 500

/** A JSON-RPC answer (or batch of answers), whatever the HTTP status it came with. */
const isJsonRpcAnswer = (body: unknown): boolean =>
  Array.isArray(body)
    ? body.length > 0 && body.every(isJsonRpcAnswer)
    : typeof body === 'object' && body !== null && ('result' in body || 'error' in body)

async function attempt(url: string, payload: string, policy: UpstreamPolicy): Promise<Attempt> {
  const deadline = policy.timers.deadline(policy.timeoutMs)
  try {
    const response = await policy.post(url, payload, deadline.signal)
    if (RETRIED_STATUS(response.status)) {
      return {
        ok: false,
        retry: true,
        failure: { kind: 'failed', cause: new Error(`HTTP ${response.status}`) },
      }
    }
    let body: unknown
    try {
      body = JSON.parse(response.text)
    } catch {
      body = undefined
    }
    // A node may answer a JSON-RPC error with a 4xx: it is still its answer.
    if (isJsonRpcAnswer(body)) return { ok: true, body }
    const cause = new Error(`HTTP ${response.status} without a JSON-RPC answer`)
    return { ok: false, retry: false, failure: { kind: 'failed', cause } }
  } catch (error) {
    // A timed-out attempt is not repeated on the same node (it would most likely hang again, with twice
    // the load on it): the next upstream, if any, is tried at once.
    if (deadline.signal.aborted) return { ok: false, retry: false, failure: { kind: 'timeout' } }
    return { ok: false, retry: true, failure: { kind: 'failed', cause: error } }
  } finally {
    deadline.clear()
  }
}

/**
 * Posts a JSON-RPC payload to the chain's upstreams in order until one answers: each is tried once and
 * retried up to `retryCount` times with a doubling back-off while its failures may pass; an upstream that
 * times out or answers nonsense gives way to the next. Resolves with the first JSON-RPC answer, or
 * rejects with how the last attempt failed.
 */
export async function callUpstreams(
  urls: readonly string[],
  payload: unknown,
  policy: UpstreamPolicy,
): Promise<{ ok: true; body: unknown } | { ok: false; failure: UpstreamFailure }> {
  const text = JSON.stringify(payload)
  let failure: UpstreamFailure = { kind: 'failed', cause: new Error('no upstream configured') }
  for (const url of urls) {
    for (let retry = 0; ; retry++) {
      const outcome = await attempt(url, text, policy)
      if (outcome.ok) return outcome
      failure = outcome.failure
      if (!outcome.retry || retry >= policy.retryCount) break
      await policy.timers.sleep(policy.retryDelayMs * 2 ** retry)
    }
  }
  return { ok: false, failure }
}
