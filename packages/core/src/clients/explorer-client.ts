import type { Validator } from '../connection/key-value-storage.js'
import { HttpRequestError } from '../errors/wallet-errors.js'
import { explorerHeaders, type GetWalletsParams, getWalletsUrl } from './explorer-request.js'
import { fetchJson } from './http-json.js'
import type { GetWalletsResponse } from './wallet-listing.js'
import { getWalletsResponseGuard, guard, isRecord } from './wallet-listing-guard.js'

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

const analyticsConfigGuard = guard((value) =>
  isRecord(value) && typeof value.isAnalyticsEnabled === 'boolean'
    ? { isAnalyticsEnabled: value.isAnalyticsEnabled }
    : undefined,
)

/** Talks to the wallet explorer service (spec §7); every answer is checked before it is used
 * (by hand-written guards: the wallet list is on the modal's opening, zod is not). */
export function createExplorerClient(options: {
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}): ExplorerClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '')
  const headers = explorerHeaders(options.projectId)
  const fetcher = options.fetch ?? fetch
  const get = <T>(url: string, schema: Validator<T>, signal?: AbortSignal) =>
    fetchJson(url, schema, signal ? { headers, signal } : { headers }, fetcher)

  return {
    async getWallets(params, init = {}) {
      return get(getWalletsUrl(baseUrl, params), getWalletsResponseGuard, init.signal)
    },
    async getAnalyticsConfig() {
      return get(`${baseUrl}/getAnalyticsConfig`, analyticsConfigGuard)
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
