import { containsNulByte } from '@portico/http-kit'
import type { FastifyRequest } from 'fastify'
import { InvalidParameterError } from './chain-api-errors.js'

const MESSAGE = 'must not contain a NUL byte (%00)'

/** The parameter to name: the key itself when the NUL is in the key. */
const offending = (source: unknown): string | undefined => {
  if (!source || typeof source !== 'object') return undefined
  for (const [key, value] of Object.entries(source)) {
    if (key.includes('\0')) return 'request'
    if (containsNulByte(value)) return key
  }
  return undefined
}

/**
 * A NUL byte is never valid in this API and PostgreSQL cannot store one in text: refused with a 400 naming
 * the parameter, in the path and query (before routing work) and in the body (once parsed). Like
 * http-kit's nulByteGuard, but an INVALID_PARAMETER naming the parameter, as every other bad value is here.
 */
export async function rejectNulInUrl(request: FastifyRequest): Promise<void> {
  const parameter = offending(request.params) ?? offending(request.query)
  if (parameter) throw new InvalidParameterError(parameter, MESSAGE)
}

export async function rejectNulInBody(request: FastifyRequest): Promise<void> {
  const parameter = offending(request.body)
  if (parameter) throw new InvalidParameterError(parameter, MESSAGE)
}
