import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { ServiceError } from './service-error.js'

/** The 400 a request carrying a NUL byte gets, answered as `NUL_BYTE`. */
export class NulByteError extends ServiceError {
  constructor(where: 'URL' | 'body') {
    super(
      'NUL_BYTE',
      400,
      `The request ${where} contains a NUL byte (%00 or \\u0000), which no field accepts`,
    )
  }
}

// `%00` is the only percent-escape that decodes to U+0000 (UTF-8 never encodes it otherwise).
const ENCODED_NUL = /%00/i

/** True when any string or key in a parsed body holds U+0000. Iterative: a deep body cannot overflow the stack. */
export function containsNulByte(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (next.includes('\0')) return true
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\0')) return true
        pending.push(inner)
      }
    }
  }
  return false
}

async function rejectNulInUrl(request: FastifyRequest) {
  if (ENCODED_NUL.test(request.url) || request.url.includes('\0')) throw new NulByteError('URL')
}

async function rejectNulInBody(request: FastifyRequest) {
  if (containsNulByte(request.body)) throw new NulByteError('body')
}

/**
 * Answers 400 to a request with a NUL byte in its path, query or parsed body, before any handler runs:
 * PostgreSQL text cannot hold U+0000, so such input would otherwise end as a 500 from the database.
 * Not encapsulated: `await app.register(nulByteGuard)` guards the routes of the context it is registered in.
 */
export const nulByteGuard: FastifyPluginAsync = fastifyPlugin(
  async (app) => {
    app.addHook('onRequest', rejectNulInUrl)
    app.addHook('preValidation', rejectNulInBody)
  },
  { name: '@portico/http-kit/nul-byte-guard', fastify: '5.x' },
)
