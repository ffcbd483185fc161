import type { RateLimitSettings } from '@portico/http-kit'
import type { FastifyRequest } from 'fastify'

/** Per client address and per projectId budgets (see createRequestLimits in @portico/http-kit). */
export type ChainApiRateLimit = RateLimitSettings

export const DEFAULT_CHAIN_API_RATE_LIMIT: ChainApiRateLimit = {
  perIp: 1_200,
  perProject: 6_000,
  timeWindowMs: 60_000,
}

/**
 * The projectId a request names, in its query or (POST /v1/fungible/price) its body. A request without one
 * counts only against its address (it fails validation anyway).
 */
export function requestProjectId(request: FastifyRequest): string | undefined {
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue
    const raw = (source as Record<string, unknown>).projectId
    const value = Array.isArray(raw) ? raw[0] : raw
    // Capped like the parameter itself, so a huge value cannot become a huge counter key.
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 128)
  }
  return undefined
}
