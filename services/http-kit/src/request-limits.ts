import type {} from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export interface RateLimitSettings {
  /** Requests per client address per window. */
  perIp: number
  /** Requests per projectId per window. */
  perProject: number
  timeWindowMs: number
}

/** Which budget a request ran out of. */
export type RateLimitScope = 'ip' | 'project'

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

export interface RequestLimits {
  perIp: LimitHook
  perProject: LimitHook
}

export interface RequestLimitsOptions {
  /** The projectId a request names; `undefined` counts the request only against its address. */
  projectId: (request: FastifyRequest) => string | undefined
  /** The 429 to throw (Retry-After is already set); the service's error handler shapes its body. */
  rateLimited: (scope: RateLimitScope, retryAfterSeconds: number) => Error
  /** Keeps these budgets' counters apart from other budgets of the same service (default: shared). */
  name?: string
}

const noLimit: LimitHook = async () => {}

/**
 * Two independent budgets from @fastify/rate-limit, which must be registered on `app` (rateLimitStore:
 * Redis when replicas should share the counters, memory otherwise): one per client address and one per
 * projectId. Each is a hook the service places where it fits, e.g. the address first and the projectId once
 * it can be read. A refused request gets `x-ratelimit-*` (address) or `x-ratelimit-project-*` headers and
 * Retry-After.
 *
 * Usage: `const limits = createRequestLimits(app, config.rateLimit, { projectId, rateLimited })`, then
 * `app.addHook('onRequest', limits.perIp)` and `app.addHook('preValidation', limits.perProject)`.
 */
export function createRequestLimits(
  app: FastifyInstance,
  settings: RateLimitSettings | false,
  options: RequestLimitsOptions,
): RequestLimits {
  if (!settings) return { perIp: noLimit, perProject: noLimit }
  const timeWindow = settings.timeWindowMs
  const key = (scope: string, value: string | undefined) =>
    options.name ? `${options.name}:${scope}:${value}` : `${scope}:${value}`
  const check = (
    scope: RateLimitScope,
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
        throw options.rateLimited(scope, result.ttlInSeconds)
      }
    }
  }
  return {
    perIp: check(
      'ip',
      app.createRateLimit({
        max: settings.perIp,
        timeWindow,
        keyGenerator: (request) => key('ip', request.ip),
      }),
      () => true,
    ),
    perProject: check(
      'project',
      app.createRateLimit({
        max: settings.perProject,
        timeWindow,
        keyGenerator: (request) => key('project', options.projectId(request)),
      }),
      (request) => options.projectId(request) !== undefined,
    ),
  }
}
