import cors from '@fastify/cors'
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { isAllowedOrigin } from './cors-origins.js'

export interface ServiceCorsOptions {
  /** Allowed dApp origins ('*' for any), e.g. from the `originList` env schema; unset: local origins only. */
  origins: readonly string[] | undefined
  /** Request headers a page may send besides the CORS-safelisted ones. */
  allowedHeaders: readonly string[]
  /** Response headers a page may read besides the safelisted ones (e.g. retry-after). */
  exposedHeaders?: readonly string[]
  methods?: readonly string[]
}

const serviceCorsPlugin: FastifyPluginAsync<ServiceCorsOptions> = async (app, options) => {
  await app.register(cors, {
    origin: (origin, callback) =>
      callback(null, origin === undefined || isAllowedOrigin(origin, options.origins)),
    methods: [...(options.methods ?? ['GET', 'POST', 'OPTIONS'])],
    allowedHeaders: [...options.allowedHeaders],
    exposedHeaders: [...(options.exposedHeaders ?? ['retry-after'])],
    maxAge: 86_400,
  })
}

/**
 * CORS for a service's browser callers: pages of the allowed origins (isAllowedOrigin) may call it;
 * requests without an Origin (servers, curl) are not CORS and pass. Preflights are cached for a day.
 *
 * Usage, before the routes it covers (not encapsulated):
 * `await app.register(serviceCors, { origins: config.corsOrigins, allowedHeaders: ['content-type', 'x-project-id'] })`
 */
export const serviceCors = fastifyPlugin(serviceCorsPlugin, {
  name: '@portico/http-kit/service-cors',
  fastify: '5.x',
})
