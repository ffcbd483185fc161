import { type FastifyError, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'
import { type LoggedRequest, requestLogPath } from './request-log-path.js'

// Never log a client's address, headers, query string or path ids: the line names the route instead.
const requestSerializer = (request: LoggedRequest & { method: string; id: string }) => ({
  id: request.id,
  method: request.method,
  url: requestLogPath(request),
})

// pino copies every enumerable field of an error; a database error carries the query's parameters
// (tokens, codes) that way, so only these fields are written.
const errorSerializer = (error: FastifyError) => {
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: String(error), stack: '' }
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
  }
}

/**
 * Fastify logger options that keep secrets out of the log: requests are logged by route pattern (no
 * address, headers, query or path ids) and errors without their extra fields. false stays false (no logs).
 */
export function privateLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  const serializers = { req: requestSerializer, err: errorSerializer }
  if (typeof logger === 'object') return { ...logger, serializers: { ...logger.serializers, ...serializers } }
  return { serializers }
}

/** Fastify's own log lines, with the default 404's "Route GET:<full URL> not found" naming the redacted path. */
class PrivateLogController extends LogController {
  override routeNotFound(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return
    request.log.info(`Route ${request.method}:${requestLogPath(request)} not found`)
  }
}

/**
 * Spread into Fastify's options (`Fastify({ ...privateLogging(options.logger) })`) for a server whose
 * log keeps secrets out: privateLoggerOptions plus Fastify's own lines without the URL.
 */
export function privateLogging(logger: FastifyServerOptions['logger']): {
  logger: FastifyServerOptions['logger']
  logController: LogController
} {
  return { logger: privateLoggerOptions(logger), logController: new PrivateLogController() }
}
