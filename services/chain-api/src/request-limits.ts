import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { RateLimitedError } from './chain-api-errors.js'

export interface ChainApiRateLimit {
  /** Requests per client address per window. */
  perIp: number
  /** Requests per projectId per window. */
  perProject: number
  timeWindowMs: number
}

export const DEFAULT_CHAIN_API_RATE_LIMIT: ChainApiRateLimit = {
  perIp: 1_200,
  perProject: 6_000,
  timeWindowMs: 60_000,
}

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

const noLimit: LimitHook = async () => {}

/** The projectId a request names, in its query or (POST /v1/fungible/price) its body. */
function requestProjectId(request: FastifyRequest): string | undefined {
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue
    const raw = (source as Record<string, unknown>).projectId
    const value = Array.isArray(raw) ? raw[0] : raw
    // Capped like the parameter itself, so a huge value cannot become a huge counter key.
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 128)
  }
  return undefined
}

/**
 * Two budgets from @fastify/rate-limit (which must be registered on `app`, with a Redis client when
 * replicas should share the counters): one per client address, checked before anything else, and one per
 * projectId, checked once the body is parsed. A request without a projectId counts only against its
 * address (it fails validation anyway).
 */
export function createRequestLimits(
  app: FastifyInstance,
  settings: ChainApiRateLimit | false,
): { perIp: LimitHook; perProject: LimitHook } {
  if (!settings) return { perIp: noLimit, perProject: noLimit }
  const timeWindow = settings.timeWindowMs
  const check = (
    scope: 'ip' | 'project',
    limiter: ReturnType<FastifyInstance['createRateLimit']>,
    applies: (request: FastifyRequest) => boolean,
  ): LimitHook => {
    const prefix = scope === 'ip' ? 'x-ratelimit' : 'x-ratelimit-project'
    return async (request, reply) => {
      if (!applies(request)) return
      const result = await limiter(request)
      if (result.isAllowed) return
      reply.header(`${prefix}-limit`, result.max)
      reply.header(`${prefix}-remaining`, result.remaining)
      reply.header(`${prefix}-reset`, result.ttlInSeconds)
      if (result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds)
        throw new RateLimitedError(scope, result.ttlInSeconds)
      }
    }
  }
  return {
    perIp: check(
      'ip',
      app.createRateLimit({ max: settings.perIp, timeWindow, keyGenerator: (request) => `ip:${request.ip}` }),
      () => true,
    ),
    perProject: check(
      'project',
      app.createRateLimit({
        max: settings.perProject,
        timeWindow,
        keyGenerator: (request) => `project:${requestProjectId(request)}`,
      }),
      (request) => requestProjectId(request) !== undefined,
    ),
  }
}
