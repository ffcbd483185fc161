import * as z from 'zod/mini'
import { HttpRequestError } from '../errors/wallet-errors.js'
import { explorerHeaders, type GetWalletsParams, getWalletsUrl } from './explorer-request.js'
import { fetchJson } from './http-json.js'
import { type GetWalletsResponse, getWalletsResponseSchema } from './wallet-listing.js'

export type { GetWalletsParams }

export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: { type: 'track'; event: string; properties?: Record<string, string | number | boolean> | undefined }
}

export interface ExplorerClient {
  getWallets(params: GetWalletsParams, init?: { signal?: AbortSignal }): Promise<GetWalletsResponse>
  getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }>
  sendEvent(event: AnalyticsEvent): Promise<void>
}

const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean() })

/** Talks to the wallet explorer service (spec §7); every answer is checked before it is used. */
export function createExplorerClient(options: {
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}): ExplorerClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '')
  const headers = explorerHeaders(options.projectId)
  const fetcher = options.fetch ?? fetch
  const get = <T>(url: string, schema: z.ZodMiniType<T>, signal?: AbortSignal) =>
    fetchJson(url, schema, signal ? { headers, signal } : { headers }, fetcher)

  return {
    async getWallets(params, init = {}) {
      return get(getWalletsUrl(baseUrl, params), getWalletsResponseSchema, init.signal)
    },
    async getAnalyticsConfig() {
      return get(`${baseUrl}/getAnalyticsConfig`, analyticsConfigSchema)
    },
    async sendEvent(event) {
      const response = await fetcher(`${baseUrl}/e`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(event),
        keepalive: true,
      })
      if (!response.ok) throw new HttpRequestError(response.status)
    },
  }
}
