import { fetchJson } from '../../clients/http-json.js'
import { nameRegistrationsSchema } from './history-schemas.js'
import type { NameRegistration } from './history-state.js'

/** The account names an EVM address registered, newest first. */
export type NameRegistrationsReader = (address: string) => Promise<NameRegistration[]>

/**
 * Reads an address's names from the chain API's profile reverse lookup. Loaded with the history, not with
 * the modal: only Activity shows registrations.
 */
export function createNameRegistrationsReader(options: {
  chainApiUrl: string
  projectId: string
  fetch?: typeof fetch
}): NameRegistrationsReader {
  const baseUrl = options.chainApiUrl.replace(/\/$/, '')
  return async (address) => {
    const query = new URLSearchParams({ projectId: options.projectId, apiVersion: '2' })
    const names = await fetchJson(
      `${baseUrl}/v1/profile/reverse/${address}?${query}`,
      nameRegistrationsSchema,
      {},
      options.fetch,
    )
    return names.map(({ name, registered }) => ({
      name,
      registeredAt: new Date(registered * 1000).toISOString(),
    }))
  }
}
