import * as z from 'zod/mini'
import { SDK_TYPE, SDK_VERSION } from './constants.js'
import { HttpRequestError } from './errors.js'
import { fetchJson } from './http-json.js'
import { type GetWalletsResponse, getWalletsResponseSchema } from './wallet-listing.js'

export interface GetWalletsParams {
  page: number
  entries: number
  /** CAIP-2 network ids the wallet must support. */
  chains?: readonly string[] | undefined
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  search?: string | undefined
}

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
  const headers = {
    'x-project-id': options.projectId,
    'x-sdk-type': SDK_TYPE,
    'x-sdk-version': `react-evm-${SDK_VERSION}`,
  }
  const fetcher = options.fetch ?? fetch
  const get = <T>(path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal) =>
    fetchJson(`${baseUrl}${path}`, schema, signal ? { headers, signal } : { headers }, fetcher)

  return {
    async getWallets(params, init = {}) {
      const query = new URLSearchParams({ page: String(params.page), entries: String(params.entries) })
      if (params.chains?.length) query.set('chains', params.chains.join(','))
      if (params.include?.length) query.set('include', params.include.join(','))
      if (params.exclude?.length) query.set('exclude', params.exclude.join(','))
      if (params.search) query.set('search', params.search)
      return get(`/getWallets?${query}`, getWalletsResponseSchema, init.signal)
    },
    async getAnalyticsConfig() {
      return get('/getAnalyticsConfig', analyticsConfigSchema)
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
