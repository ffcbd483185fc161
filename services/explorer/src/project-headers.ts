import type { FastifyRequest } from 'fastify'
import { BadRequestError } from './explorer-errors.js'

/**
 * The headers every API call carries (spec §7), and the formats we accept:
 * - x-project-id: 1–64 of A-Z a-z 0-9 _ - (hosted project ids are 32 hex, self-hosters pick their own);
 * - x-sdk-type: a short identifier such as `appkit` or `w3m` (letter first, then letters, digits, - or _; ≤ 32);
 * - x-sdk-version: `<platform>-<adapter>-<semver>` like `html-wagmi-5.1.11`, or a bare semver like `5.1.11`,
 *   optionally with a pre-release or build suffix (≤ 64 characters).
 */
const HEADER_FORMATS = [
  {
    name: 'x-project-id',
    pattern: /^[A-Za-z0-9_-]{1,64}$/,
    expected: '1 to 64 characters of A-Z, a-z, 0-9, _ or -',
  },
  {
    name: 'x-sdk-type',
    pattern: /^[A-Za-z][A-Za-z0-9_-]{0,31}$/,
    expected: 'a short identifier such as appkit',
  },
  {
    name: 'x-sdk-version',
    pattern: /^(?=.{1,64}$)(?:[a-z][a-z0-9]*-)*v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/,
    expected: 'a version such as html-wagmi-5.1.11 or 5.1.11',
  },
] as const

export interface ProjectHeaders {
  projectId: string
  sdkType: string
  sdkVersion: string
}

/** Throws a 400 naming the first missing or malformed header. */
export function parseProjectHeaders(request: FastifyRequest): ProjectHeaders {
  const values: string[] = []
  for (const { name, pattern, expected } of HEADER_FORMATS) {
    const value = request.headers[name]
    if (value === undefined || value === '') {
      throw new BadRequestError('MISSING_HEADER', `Missing required header ${name}: expected ${expected}`)
    }
    if (typeof value !== 'string' || !pattern.test(value)) {
      throw new BadRequestError('INVALID_HEADER', `Malformed header ${name}: expected ${expected}`)
    }
    values.push(value)
  }
  const [projectId = '', sdkType = '', sdkVersion = ''] = values
  return { projectId, sdkType, sdkVersion }
}

declare module 'fastify' {
  interface FastifyRequest {
    projectHeaders?: ProjectHeaders
  }
}

/** onRequest hook for API routes. Image routes skip it: browsers fetch <img> without custom headers. */
export async function requireProjectHeaders(request: FastifyRequest) {
  request.projectHeaders = parseProjectHeaders(request)
}
