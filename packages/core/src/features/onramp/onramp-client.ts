import { fetchJson } from '../../clients/http-json.js'
import {
  type OnrampOptions,
  type OnrampProvider,
  type OnrampPurchase,
  type OnrampQuote,
  onrampHistorySchema,
  onrampOptionsSchema,
  onrampProvidersSchema,
  onrampQuoteSchema,
  onrampUrlSchema,
} from './onramp-schemas.js'

export interface QuoteRequest {
  /** Asset symbol, e.g. ETH. */
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
  /** The network's on-ramp name, e.g. "ethereum". */
  network: string
  paymentMethod: string
}

export interface BuyUrlRequest extends QuoteRequest {
  address: string
  provider: string
  /** The purchase amount the visitor was quoted. */
  purchaseAmount?: string | undefined
}

export interface OnrampClient {
  options(): Promise<OnrampOptions>
  providers(): Promise<OnrampProvider[]>
  quote(request: QuoteRequest): Promise<OnrampQuote>
  buyUrl(request: BuyUrlRequest): Promise<string>
  /** The address's on-ramp purchases, newest first. */
  purchases(address: string): Promise<OnrampPurchase[]>
}

/** The chain API's on-ramp calls (spec §7), with the project id on each. */
export function createOnrampClient(options: {
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}): OnrampClient {
  const base = options.baseUrl.replace(/\/$/, '')
  const url = (path: string, params: Record<string, string> = {}) =>
    `${base}${path}?${new URLSearchParams({ projectId: options.projectId, ...params })}`
  const post = (body: object): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return {
    options: () => fetchJson(url('/v1/onramp/options'), onrampOptionsSchema, {}, options.fetch),
    providers: async () =>
      (await fetchJson(url('/v1/onramp/providers'), onrampProvidersSchema, {}, options.fetch)).providers,
    quote: (request) => fetchJson(url('/v1/onramp/quote'), onrampQuoteSchema, post(request), options.fetch),
    async buyUrl(request) {
      const answer = await fetchJson(
        url('/v1/generators/onrampurl'),
        onrampUrlSchema,
        post({
          destinationWallets: [
            { address: request.address, blockchains: [request.network], assets: [request.purchaseCurrency] },
          ],
          defaultNetwork: request.network,
          partnerUserId: request.address,
          defaultExperience: 'buy',
          presetFiatAmount: request.amount,
          ...(request.purchaseAmount ? { presetCryptoAmount: request.purchaseAmount } : {}),
          paymentCurrency: request.paymentCurrency,
          paymentMethod: request.paymentMethod,
          provider: request.provider,
        }),
        options.fetch,
      )
      return answer.url
    },
    async purchases(address) {
      const answer = await fetchJson(
        url(`/v1/account/${address}/history`, { onramp: 'coinbase' }),
        onrampHistorySchema,
        {},
        options.fetch,
      )
      return answer.data
    },
  }
}
