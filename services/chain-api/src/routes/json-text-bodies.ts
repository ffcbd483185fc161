import type { FastifyInstance } from 'fastify'
import { InvalidParameterError } from '../chain-api-errors.js'

/**
 * Parses `text/plain` bodies as JSON in the calling route module's context. Web3Modal's client posts some
 * JSON bodies without a Content-Type (the on-ramp quote and URL), which fetch then sends as text/plain;
 * viem's HTTP transport may too. Scoped to the module, so the service's hooks (the NUL-byte check) see
 * the parsed value rather than one long string.
 */
export function parseTextBodiesAsJson(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, JSON.parse(text as string))
    } catch {
      done(new InvalidParameterError('body', 'not valid JSON'), undefined)
    }
  })
}
