import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { RateLimitedError } from '../chain-api-errors.js'
import type { RpcGatewayRateLimit } from './rpc-gateway.js'

type Limiter = ReturnType<FastifyInstance['createRateLimit']>
type LimitResult = Awaited<ReturnType<Limiter>>

/**
 * Counts a request's JSON-RPC calls (each call of a batch is one) against three budgets, in the store the
 * service kit's rateLimitStore registered (Redis when REDIS_URL is set, so replicas share it): the client
 * address's (whatever projectIds it names), the address's share of the project, then the project's. A
 * budget that refuses stops the count, so a refused client spends nothing of the budgets after it: one
 * client cannot lock a project out, and rotating projectIds does not multiply what one address may call.
 * Over a budget: 429 with Retry-After, and x-ratelimit-rpc-* headers.
 */
export function projectCallLimit(app: FastifyInstance, settings: RpcGatewayRateLimit) {
  const projects = new WeakMap<FastifyRequest, string>()
  const limiter = (max: number, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow: settings.timeWindowMs, keyGenerator: key })
  const budgets: { scope: 'ip' | 'project'; limit: Limiter }[] = [
    { scope: 'ip', limit: limiter(settings.callsPerIp, (request) => `rpc:ip:${request.ip}`) },
    {
      scope: 'project',
      limit: limiter(
        settings.callsPerProjectPerIp,
        (request) => `rpc:project-ip:${projects.get(request)}:${request.ip}`,
      ),
    },
    {
      scope: 'project',
      limit: limiter(settings.callsPerProject, (request) => `rpc:project:${projects.get(request)}`),
    },
  ]
  return async (request: FastifyRequest, reply: FastifyReply, projectId: string, calls: number) => {
    projects.set(request, projectId)
    for (const { scope, limit } of budgets) {
      const results = await Promise.all(Array.from({ length: calls }, () => limit(request)))
      refuseOver(reply, scope, results)
    }
  }
}

function refuseOver(reply: FastifyReply, scope: 'ip' | 'project', results: LimitResult[]) {
  let fewestLeft: LimitResult | undefined
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
    throw new RateLimitedError(scope, fewestLeft.ttlInSeconds)
  }
}
