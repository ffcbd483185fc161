import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RateLimitSettings } from './explorer-config.js'
import { RateLimitedError } from './explorer-errors.js'

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

export interface RequestLimits {
  perIp: LimitHook
  perProject: LimitHook
}

const noLimit: LimitHook = async () => {}

/**
 * Two independent budgets from @fastify/rate-limit (which must be registered on `app`): one per client
 * address and one per x-project-id. Counters live in this process; replicas count separately.
 */
export function createRequestLimits(
  app: FastifyInstance,
  settings: RateLimitSettings | false,
): RequestLimits {
  if (!settings) return { perIp: noLimit, perProject: noLimit }
  const timeWindow = settings.timeWindowMs
  const check = (
    scope: 'ip' | 'project',
    limiter: ReturnType<FastifyInstance['createRateLimit']>,
  ): LimitHook => {
    return async (request, reply) => {
      const result = await limiter(request)
      if (result.isAllowed) return
      const prefix = scope === 'ip' ? 'x-ratelimit' : 'x-ratelimit-project'
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
      app.createRateLimit({ max: settings.perIp, timeWindow, keyGenerator: (req) => `ip:${req.ip}` }),
    ),
    perProject: check(
      'project',
      app.createRateLimit({
        max: settings.perProject,
        timeWindow,
        keyGenerator: (req) => `project:${req.projectHeaders?.projectId ?? ''}`,
      }),
    ),
  }
}
