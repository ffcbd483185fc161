import type { FastifyServerOptions } from 'fastify'

// Never log a client's address: the default request serializer writes remoteAddress on every line.
const requestSerializer = (request: { method: string; url: string; id: string }) => ({
  id: request.id,
  method: request.method,
  url: request.url,
})

/** Fastify logger options with the address-free request serializer; false stays false (no logs). */
export function privateLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  if (typeof logger === 'object') {
    return { ...logger, serializers: { req: requestSerializer, ...logger.serializers } }
  }
  return { serializers: { req: requestSerializer } }
}
