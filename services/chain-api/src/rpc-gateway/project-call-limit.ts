import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { RateLimitedError } from '../chain-api-errors.js'
import type { RpcGatewayRateLimit } from './rpc-gateway.js'

/**
 * Counts a request's JSON-RPC calls (each call of a batch is one) against its projectId's budget, in the
 * store the service kit's rateLimitStore registered (Redis when REDIS_URL is set, so replicas share it).
 * Over the budget: 429 with Retry-After, and x-ratelimit-rpc-* headers.
 */
export function projectCallLimit(app: FastifyInstance, settings: RpcGatewayRateLimit) {
  const projects = new WeakMap<FastifyRequest, string>()
  const count = app.createRateLimit({
    max: settings.callsPerProject,
    timeWindow: settings.timeWindowMs,
    keyGenerator: (request) => `rpc:project:${projects.get(request)}`,
  })
  return async (request: FastifyRequest, reply: FastifyReply, projectId: string, calls: number) => {
    projects.set(request, projectId)
    const results = await Promise.all(Array.from({ length: calls }, () => count(request)))
    let fewestLeft: (typeof results)[number] | undefined
    for (const result of results) {
      if (result.isAllowed) continue
      if (!fewestLeft || fewestLeft.isAllowed || result.remaining < fewestLeft.remaining) fewestLeft = result
    }
    if (!fewestLeft || fewestLeft.isAllowed) return
    reply.header('x-ratelimit-rpc-limit', fewestLeft.max)
    reply.header('x-ratelimit-rpc-remaining', fewestLeft.remaining)
    reply.header('x-ratelimit-rpc-reset', fewestLeft.ttlInSeconds)
    if (results.some((result) => !result.isAllowed && result.isExceeded)) {
      reply.header('retry-after', fewestLeft.ttlInSeconds)
      throw new RateLimitedError('project', fewestLeft.ttlInSeconds)
    }
  }
}
