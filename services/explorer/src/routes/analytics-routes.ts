import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { analyticsEventSchema, MAX_PROPERTIES_BYTES } from '../analytics-event.js'
import type { ExplorerDatabase } from '../explorer-database.js'
import { BadRequestError } from '../explorer-errors.js'
import { storeAnalyticsEvent } from '../store-analytics-event.js'

export interface AnalyticsRoutesOptions {
  db: Kysely<ExplorerDatabase>
  analyticsEnabled: boolean
}

/** GET /getAnalyticsConfig and POST /e, the SDK's analytics events. */
export const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, options) => {
  app.get('/getAnalyticsConfig', async () => ({ isAnalyticsEnabled: options.analyticsEnabled }))

  app.post('/e', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const parsed = analyticsEventSchema.safeParse(request.body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? ` ${issue.path.join('.')}` : ''
      throw new BadRequestError('INVALID_EVENT', `Invalid event${where}: ${issue?.message ?? 'invalid'}`)
    }
    const properties = parsed.data.props.properties
    if (properties && Buffer.byteLength(JSON.stringify(properties)) > MAX_PROPERTIES_BYTES) {
      throw new BadRequestError(
        'INVALID_EVENT',
        `Invalid event props.properties: larger than ${MAX_PROPERTIES_BYTES} bytes`,
      )
    }
    // With analytics off the event is still validated (clients learn of mistakes) but not kept.
    if (options.analyticsEnabled && request.projectHeaders) {
      await storeAnalyticsEvent(options.db, request.projectHeaders, parsed.data)
    }
    return reply.code(204).send()
  })
}
