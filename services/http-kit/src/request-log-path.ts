/** The parts of a Fastify request the log line is built from. */
export interface LoggedRequest {
  url: string
  routeOptions?: { url?: string | undefined } | undefined
}

// Segments that read as words (`getWallets`, `auth`, `v1`) are route names; anything else could be an id.
const WORD_SEGMENT = /^(?:[A-Za-z][A-Za-z._-]{0,31}|v\d{1,2})$/

/**
 * The path a request log line names: the matched route's pattern (`/auth/v1/social/result/:flowId`),
 * never the URL itself, which carries ids, tokens and codes. A request that matched no route logs its
 * path without the query, every segment that is not a plain word replaced by `:redacted`.
 */
export function requestLogPath(request: LoggedRequest): string {
  const pattern = request.routeOptions?.url
  if (pattern) return pattern
  const path = request.url.split(/[?#]/, 1)[0] ?? ''
  return path
    .split('/')
    .map((segment) => (segment === '' || WORD_SEGMENT.test(segment) ? segment : ':redacted'))
    .join('/')
}
