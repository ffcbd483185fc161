import type { ChainId } from '../connection/caip.js'
import type { HistoryItem } from '../features/activity/history-schemas.js'
import type { TokenBalance } from './chain-api-schemas.js'
import { fetchJson } from './http-json.js'

export interface GasPrice {
  standard: bigint
  fast: bigint
  instant: bigint
}

export interface ChainApiClient {
  getBalances(address: string, chainId: ChainId, options?: { forceUpdate?: boolean }): Promise<TokenBalance[]>
  getHistory(
    address: string,
    chainId: ChainId,
    cursor?: string,
  ): Promise<{ data: HistoryItem[]; next: string | null }>
  getIdentity(address: string): Promise<{ name: string | null; avatar: string | null }>
  /** Null when the price cannot be had: callers fall back to the wallet's own estimate. */
  getGasPrice(chainId: ChainId): Promise<GasPrice | null>
}

/** The chain API's chain id: EVM chains by number, Solana clusters by their CAIP-2 reference. */
const caipId = (chainId: ChainId) => `${typeof chainId === 'number' ? 'eip155' : 'solana'}:${chainId}`

/**
 * An answer's zod schema, loaded beside the first request (the client is created as the modal opens); the
 * answer is checked once both are here.
 */
const schema = <Name extends keyof typeof import('./chain-api-schemas.js')>(name: Name) =>
  import('./chain-api-schemas.js').then((module) => module[name])

/** Talks to the Blockchain API (spec §7): `/v1/*` with the project id on every call. */
export function createChainApiClient(options: {
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}): ChainApiClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '')
  const url = (path: string, params: Record<string, string | undefined>) => {
    const query = new URLSearchParams({ projectId: options.projectId })
    for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value)
    return `${baseUrl}${path}?${query}`
  }
  const get = <T>(
    path: string,
    params: Record<string, string | undefined>,
    schema: Parameters<typeof fetchJson<T>>[1],
  ) => fetchJson(url(path, params), schema, {}, options.fetch)

  return {
    async getBalances(address, chainId, { forceUpdate } = {}) {
      const answer = await get(
        `/v1/account/${address}/balance`,
        { currency: 'usd', chainId: caipId(chainId), forceUpdate: forceUpdate ? 'true' : undefined },
        schema('balancesResponseSchema'),
      )
      return answer.balances
    },
    async getHistory(address, chainId, cursor) {
      const answer = await get(
        `/v1/account/${address}/history`,
        { chainId: caipId(chainId), cursor },
        schema('historyResponseSchema'),
      )
      return { data: answer.data, next: answer.next ?? null }
    },
    async getIdentity(address) {
      const answer = await get(`/v1/identity/${address}`, {}, schema('identityResponseSchema'))
      return { name: answer.name ?? null, avatar: answer.avatar ?? null }
    },
    async getGasPrice(chainId) {
      try {
        const answer = await get(
          '/v1/convert/gas-price',
          { chainId: caipId(chainId) },
          schema('gasPriceResponseSchema'),
        )
        return {
          standard: BigInt(answer.standard),
          fast: BigInt(answer.fast),
          instant: BigInt(answer.instant),
        }
      } catch {
        return null
      }
    },
  }
}
