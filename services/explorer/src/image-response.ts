import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** A strong validator: the hash of the exact bytes served. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
}

// If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored when matching.
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

/** Sends an SVG that never changes under its id: immutable caching, 304 when the client has it. */
export function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = strongEtag(svg)
  reply
    .header('etag', etag)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    // An SVG opened directly must not run script, even though ours never contain any.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  if (matches(request.headers['if-none-match'], etag)) {
    return reply.code(304).send()
  }
  return reply.type('image/svg+xml').send(svg)
}
