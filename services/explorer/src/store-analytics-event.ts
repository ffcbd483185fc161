import type { Kysely } from 'kysely'
import type { AnalyticsEvent } from './analytics-event.js'
import type { ExplorerDatabase } from './explorer-database.js'
import type { ProjectHeaders } from './project-headers.js'
import { stripAddressesFromText, stripWalletAddresses } from './strip-wallet-addresses.js'

/**
 * Stores one event. The client's IP is deliberately not a parameter, and wallet addresses are removed
 * from the url and props first: analytics count usage, they must not identify people. A repeated
 * eventId (a client retry) is ignored.
 */
export async function storeAnalyticsEvent(
  db: Kysely<ExplorerDatabase>,
  headers: ProjectHeaders,
  event: AnalyticsEvent,
) {
  const properties = event.props.properties ? stripWalletAddresses(event.props.properties) : null
  await db
    .insertInto('analytics_events')
    .values({
      event_id: event.eventId,
      project_id: headers.projectId,
      sdk_type: headers.sdkType,
      sdk_version: headers.sdkVersion,
      url: stripAddressesFromText(event.url),
      domain: event.domain,
      occurred_at: new Date(event.timestamp).toISOString(),
      event_type: event.props.type ? stripAddressesFromText(event.props.type) : null,
      event: stripAddressesFromText(event.props.event),
      properties: properties ? JSON.stringify(properties) : null,
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .execute()
}
