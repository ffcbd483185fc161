import { callUpstreams, type UpstreamPolicy } from './call-upstreams.js'
import { type GatewayTimers, realTimers } from './gateway-timers.js'
import { AnswerCache, answerKey, answerPermanence, mayBeCached } from './immutable-answers.js'
import { type JsonRpcRequest, type JsonRpcResponse, rpcError, rpcResult } from './json-rpc-envelope.js'
import { postJson, postJsonWith } from './post-json.js'
import { RpcUpstreamFailedError, RpcUpstreamTimeoutError } from './rpc-gateway-errors.js'
import { isForwardedMethod, METHOD_REFUSED_CODE, refusedMethodMessage } from './rpc-method-policy.js'

/** Spec §9: 3 retries, 150 ms base delay doubling, 10 s time-out. */
export const RPC_GATEWAY_RETRY_COUNT = 3
export const RPC_GATEWAY_RETRY_DELAY_MS = 150
export const RPC_GATEWAY_TIMEOUT_MS = 10_000

/** JSON-RPC calls one projectId may forward per window (each call of a batch counts). */
/** JSON-RPC calls per window (each call of a batch counts), checked in this order. */
export interface RpcGatewayRateLimit {
  /** One client address, whatever projectIds it names: rotating ids buys nothing. */
  callsPerIp: number
  /** One client address within one project: no single client can spend a project's whole budget. */
  callsPerProjectPerIp: number
  /** One projectId, all its clients together. */
  callsPerProject: number
  timeWindowMs: number
}

export const DEFAULT_RPC_GATEWAY_RATE_LIMIT: RpcGatewayRateLimit = {
  callsPerIp: 6_000,
  callsPerProjectPerIp: 3_000,
  callsPerProject: 30_000,
  timeWindowMs: 60_000,
}

export interface RpcGatewayOptions {
  /** Each served chain's JSON-RPC URLs: the first is used, the next ones are fallbacks tried in order. */
  upstreams: ReadonlyMap<number, readonly string[]>
  /** Per-projectId budget (default DEFAULT_RPC_GATEWAY_RATE_LIMIT); false turns it off. */
  rateLimit?: RpcGatewayRateLimit | false | undefined
  retryCount?: number | undefined
  retryDelayMs?: number | undefined
  timeoutMs?: number | undefined
  /** Size of the immutable-answer cache in bytes of JSON (default 16 MiB). */
  cacheBytes?: number | undefined
  /** Least time between two reads of a chain's finalized block (default 4000 ms). */
  finalityRefreshMs?: number | undefined
  /** Milliseconds clock (the finality reads' spacing). */
  now?: (() => number) | undefined
  timers?: GatewayTimers | undefined
  /** Sends upstream through this fetch instead of node:http. */
  fetch?: typeof fetch | undefined
}

export interface ForwardedCalls {
  /** One answer per call, in the calls' order, under the caller's ids. */
  responses: JsonRpcResponse[]
  /** Calls answered from the cache. */
  cacheHits: number
}

export interface RpcGateway {
  readonly chainIds: readonly number[]
  readonly rateLimit: RpcGatewayRateLimit | false
  forward(chainId: number, requests: readonly JsonRpcRequest[]): Promise<ForwardedCalls>
  /** Resolves once the answers waiting for a finality read are cached or dropped (tests, shutdown). */
  settled(): Promise<void>
}

const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024
const DEFAULT_FINALITY_REFRESH_MS = 4_000

/** The answers of an upstream, keyed by the gateway's own ids (the calls' positions). */
function answersById(body: unknown, count: number): Map<number, Record<string, unknown>> {
  const answers = new Map<number, Record<string, unknown>>()
  if (!Array.isArray(body)) {
    // One call gets one answer (a node may leave the id out of an error); a node that refuses a whole
    // batch answers one error, which then applies to every call.
    const answer = body as Record<string, unknown>
    if (count === 1 || 'error' in answer)
      for (let index = 0; index < count; index++) answers.set(index, answer)
    return answers
  }
  for (const answer of body) {
    const id = (answer as { id?: unknown } | null)?.id
    if (typeof id === 'number') answers.set(id, answer as Record<string, unknown>)
  }
  return answers
}

function toResponse(request: JsonRpcRequest, answer: Record<string, unknown> | undefined): JsonRpcResponse {
  if (!answer) return rpcError(request.id, { code: -32603, message: 'The node gave no answer to this call' })
  if ('error' in answer) {
    const error = answer.error as { code?: unknown; message?: unknown; data?: unknown } | null
    return rpcError(request.id, {
      code: typeof error?.code === 'number' ? error.code : -32603,
      message: typeof error?.message === 'string' ? error.message : 'The node answered with an error',
      ...(error && 'data' in error ? { data: error.data } : {}),
    })
  }
  return rpcResult(request.id, answer.result ?? null)
}

/**
 * Forwards JSON-RPC calls to a chain's nodes: refused methods are answered at once (-32601), immutable
 * answers come from the cache, the rest goes upstream in one request (a batch when several), with
 * retries, time-out and fallback between upstreams (callUpstreams). Ids are the gateway's own upstream,
 * so a client's duplicate or odd ids cannot mix answers up.
 */
export function createRpcGateway(options: RpcGatewayOptions): RpcGateway {
  const timers = options.timers ?? realTimers
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? RPC_GATEWAY_TIMEOUT_MS
  const policy: UpstreamPolicy = {
    retryCount: options.retryCount ?? RPC_GATEWAY_RETRY_COUNT,
    retryDelayMs: options.retryDelayMs ?? RPC_GATEWAY_RETRY_DELAY_MS,
    timeoutMs,
    timers,
    post: options.fetch ? postJsonWith(options.fetch) : postJson,
  }
  const cache = new AnswerCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES)
  const finalityRefreshMs = options.finalityRefreshMs ?? DEFAULT_FINALITY_REFRESH_MS
  /** Per chain: the highest finalized block seen, when it was read, and a read under way. */
  const finality = new Map<number, { block: bigint; readAt: number; reading?: Promise<void> }>()
  const waiting = new Set<Promise<void>>()

  const upstreamsOf = (chainId: number) => {
    const urls = options.upstreams.get(chainId)
    if (!urls || urls.length === 0) throw new RangeError(`chain ${chainId} has no upstream`)
    return urls
  }

  /** The chain's finalized block as last read, read again (once at a time) when older than the spacing. */
  function finalizedBlock(chainId: number): Promise<bigint> {
    let entry = finality.get(chainId)
    if (!entry) {
      entry = { block: -1n, readAt: Number.NEGATIVE_INFINITY }
      finality.set(chainId, entry)
    }
    const known = entry
    if (!known.reading && now() - known.readAt >= finalityRefreshMs) {
      known.reading = (async () => {
        const call = { jsonrpc: '2.0', id: 0, method: 'eth_getBlockByNumber', params: ['finalized', false] }
        const outcome = await callUpstreams(upstreamsOf(chainId), call, policy)
        const number = outcome.ok
          ? (outcome.body as { result?: { number?: unknown } }).result?.number
          : undefined
        // A node without the `finalized` tag leaves it unknown: nothing block-bound is cached then.
        if (typeof number === 'string' && /^0x[0-9a-f]+$/i.test(number) && BigInt(number) > known.block)
          known.block = BigInt(number)
        known.readAt = now()
      })().finally(() => {
        known.reading = undefined
      })
    }
    return (known.reading ?? Promise.resolve()).then(() => known.block)
  }

  /** Keeps an answer if it can no longer change; one tied to a block waits for that block's finality. */
  function keep(chainId: number, request: JsonRpcRequest, result: unknown) {
    const permanence = answerPermanence(request, result)
    if (permanence.kind === 'never') return
    const key = answerKey(chainId, request)
    if (permanence.kind === 'always') {
      cache.set(key, result)
      return
    }
    const known = finality.get(chainId)
    if (known && permanence.block <= known.block) {
      cache.set(key, result)
      return
    }
    // Not known to be final yet: decided after the answer is sent, so no caller waits for it.
    const decision = finalizedBlock(chainId)
      .then((finalized) => {
        if (permanence.block <= finalized) cache.set(key, result)
      })
      .catch(() => {})
      .finally(() => waiting.delete(decision))
    waiting.add(decision)
  }

  return {
    chainIds: [...options.upstreams.keys()],
    rateLimit: options.rateLimit === undefined ? DEFAULT_RPC_GATEWAY_RATE_LIMIT : options.rateLimit,
    async forward(chainId, requests) {
      const urls = upstreamsOf(chainId)
      const responses: (JsonRpcResponse | undefined)[] = requests.map(() => undefined)
      const pending: number[] = []
      let cacheHits = 0
      requests.forEach((request, index) => {
        if (!isForwardedMethod(request.method)) {
          responses[index] = rpcError(request.id, {
            code: METHOD_REFUSED_CODE,
            message: refusedMethodMessage(request.method),
          })
          return
        }
        const cached = mayBeCached(request.method) ? cache.get(answerKey(chainId, request)) : undefined
        if (cached) {
          cacheHits++
          responses[index] = rpcResult(request.id, cached.result)
        } else pending.push(index)
      })
      if (pending.length > 0) {
        const calls = pending.map((index, position) => {
          const { method, params } = requests[index] as JsonRpcRequest
          return { jsonrpc: '2.0', id: position, method, ...(params === undefined ? {} : { params }) }
        })
        const outcome = await callUpstreams(urls, calls.length === 1 ? calls[0] : calls, policy)
        if (!outcome.ok) {
          throw outcome.failure.kind === 'timeout'
            ? new RpcUpstreamTimeoutError(chainId, timeoutMs)
            : new RpcUpstreamFailedError(chainId, outcome.failure.cause)
        }
        const answers = answersById(outcome.body, calls.length)
        pending.forEach((index, position) => {
          const request = requests[index] as JsonRpcRequest
          const response = toResponse(request, answers.get(position))
          responses[index] = response
          if ('result' in response && mayBeCached(request.method)) keep(chainId, request, response.result)
        })
      }
      return { responses: responses as JsonRpcResponse[], cacheHits }
    },
    async settled() {
      while (waiting.size > 0) await Promise.all(waiting)
    },
  }
}
