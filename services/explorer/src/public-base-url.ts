import type { FastifyRequest } from 'fastify'

// A Host header is client-controlled; only a plain host[:port] may flow into URLs we hand out.
const SAFE_HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/** Base URL for links back to this service: the configured public URL, else the request's own origin. */
export function publicBaseUrl(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '')
  const host = SAFE_HOST.test(request.host) ? request.host : 'localhost'
  return `${request.protocol}://${host}`
}
