import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { type ErrorBody, errorBody, ServiceError } from './service-error.js'

export interface ErrorResponsesOptions {
  /** Names the service in the log line of a failed request, e.g. `explorer`. */
  service: string
  /**
   * The codes this service's clients know (a typed union, as auth's); any other code is answered as the
   * generic one of its status: NOT_FOUND, RATE_LIMITED, BAD_REQUEST or INTERNAL. Unset: codes pass as they are.
   */
  knownCodes?: readonly string[]
}

/** A zod error from `schema.parse()` in a handler, told apart without tying the kit to one zod copy. */
interface ValidationError {
  name: 'ZodError'
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}

const isValidationError = (error: unknown): error is ValidationError =>
  error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues)

/** The 400 for a request that fails its schema, naming the first field at fault. */
export function invalidInput(error: ValidationError, code = 'BAD_REQUEST'): ServiceError {
  const issue = error.issues[0]
  const parameter = issue?.path.length ? issue.path.map(String).join('.') : undefined
  return new ServiceError(
    code,
    400,
    `Invalid ${parameter ?? 'request'}: ${issue?.message ?? 'invalid value'}`,
    {
      ...(parameter ? { parameter } : {}),
    },
  )
}

const genericCode = (statusCode: number) =>
  statusCode === 404 ? 'NOT_FOUND' : statusCode === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST'

/** The status and body an error is answered with. Internal failures keep their details in the log. */
export function errorResponse(
  thrown: FastifyError | Error,
  knownCodes?: readonly string[],
): { statusCode: number; body: ErrorBody } {
  const error = isValidationError(thrown) ? invalidInput(thrown) : thrown
  const status = (error as { statusCode?: unknown }).statusCode
  const statusCode = typeof status === 'number' && status >= 400 && status <= 599 ? status : 500
  const known = (code: unknown): code is string =>
    typeof code === 'string' && (knownCodes === undefined || knownCodes.includes(code))
  if (error instanceof ServiceError) {
    const code = known(error.code) ? error.code : genericCode(statusCode)
    return { statusCode, body: errorBody(code, error.message, error.details) }
  }
  if (statusCode >= 500) return { statusCode, body: errorBody('INTERNAL', 'Internal server error') }
  // Fastify's own 4xx (FST_ERR_CTP_BODY_TOO_LARGE …) and plugins' errors: their code and message.
  const code = (error as FastifyError).code
  return { statusCode, body: errorBody(known(code) ? code : genericCode(statusCode), error.message) }
}

const errorResponsesPlugin: FastifyPluginAsync<ErrorResponsesOptions> = async (app, options) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode, body } = errorResponse(error, options.knownCodes)
    if (statusCode >= 500) request.log.error({ err: error }, `${options.service} request failed`)
    const retryAfter = body.error.retryAfterSeconds
    if (statusCode === 429 && retryAfter !== undefined && !reply.hasHeader('retry-after'))
      reply.header('retry-after', retryAfter)
    return reply.code(statusCode).send(body)
  })
  app.setNotFoundHandler((request: FastifyRequest) => {
    throw new ServiceError('NOT_FOUND', 404, `No route ${request.method} ${request.url.split('?')[0]}`)
  })
}

/**
 * Answers every error and unknown route of a service with one body shape, ErrorBody:
 * `{ error: { code, message, parameter?, hint?, retryAfterSeconds?, attemptsLeft? } }`.
 * - a ServiceError (or subclass) as it is; a zod error thrown by `schema.parse()` as a 400 naming the field;
 * - Fastify's own 4xx with their code; anything else as 500 `INTERNAL`, logged with the service's name;
 * - an unknown route as 404 `NOT_FOUND`.
 *
 * Usage, in the context whose routes it answers for (it is not encapsulated):
 * `await app.register(errorResponses, { service: 'chain API' })`, then throw `new ServiceError(code, status, message)`.
 */
export const errorResponses = fastifyPlugin(errorResponsesPlugin, {
  name: '@portico/http-kit/error-responses',
  fastify: '5.x',
})

/**
 * Fastify's `frameworkErrors` server option, for the errors it raises before any route (and so any
 * errorResponses) is reached: a malformed URL (400) and a route parameter over maxParamLength (414).
 * Usage: `Fastify({ frameworkErrors: frameworkErrors(), ...privateLogging(logger) })`.
 */
export function frameworkErrors(knownCodes?: readonly string[]): FastifyServerOptions['frameworkErrors'] {
  return (error, _request, reply) => {
    const { statusCode, body } = errorResponse(error, knownCodes)
    // The option's reply type is generic over every route's schema; this one answers for none.
    ;(reply as FastifyReply).code(statusCode).send(body)
  }
}
