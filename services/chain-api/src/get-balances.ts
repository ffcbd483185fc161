import { erc20Abi, formatUnits } from 'viem'
import type { TokenBalance } from './balance-response.js'
import { UpstreamError } from './chain-api-errors.js'
import type { ChainClients } from './chain-clients.js'
import { createExpiringCache } from './expiring-cache.js'
import type { KnownToken, KnownTokens } from './known-tokens.js'
import { tokenIconUrl } from './token-icons.js'
import type { PriceBook } from './token-prices.js'

export interface BalanceReaderOptions {
  clients: ChainClients
  /** Which tokens each chain has: the native currency and the ERC-20s read. */
  known: KnownTokens
  priceBook: PriceBook
  explorerUrl: string
  /** How long chain reads are reused (default 3000 ms); forceUpdate skips it. */
  cacheTtlMs?: number
  /**
   * forceUpdate reads the chain again at most this often per chain and address (default 1000 ms); within
   * it, a forced request gets the read that just started. Concurrent forced requests always share a read.
   */
  forceUpdateIntervalMs?: number
  /** Clock in ms (tests move it). */
  now?: () => number
}

interface RawBalance {
  native: bigint
  tokens: bigint[]
}

export const DEFAULT_FORCE_UPDATE_INTERVAL_MS = 1_000

/** Live balances of the native currency and every known ERC-20, read from the chain and priced. */
export function createBalanceReader(options: BalanceReaderOptions) {
  const { clients, known, priceBook, explorerUrl } = options
  const ttlMs = options.cacheTtlMs ?? 3_000

  const readChain = async (chainId: number, address: `0x${string}`): Promise<RawBalance> => {
    const client = clients.client(chainId)
    try {
      // Issued together, so viem sends them as one JSON-RPC batch.
      const [native, ...tokens] = await Promise.all([
        client.getBalance({ address }),
        ...known.erc20s(chainId).map((token) =>
          client.readContract({
            address: token.address as `0x${string}`,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          }),
        ),
      ])
      return { native, tokens }
    } catch (error) {
      throw new UpstreamError(chainId, error)
    }
  }

  const cache = createExpiringCache<RawBalance>(ttlMs, {
    minRefreshIntervalMs: options.forceUpdateIntervalMs ?? DEFAULT_FORCE_UPDATE_INTERVAL_MS,
    ...(options.now ? { now: options.now } : {}),
  })
  const raw = (chainId: number, address: `0x${string}`, forceUpdate: boolean) =>
    cache.get(`${chainId}:${address}`, () => readChain(chainId, address), { refresh: forceUpdate })

  return async function balances(
    chainId: number,
    address: `0x${string}`,
    forceUpdate = false,
  ): Promise<TokenBalance[]> {
    const [amounts, prices] = await Promise.all([
      raw(chainId, address, forceUpdate),
      priceBook.prices(chainId),
    ])
    const caipChain = `eip155:${chainId}`
    const entry = (token: KnownToken, amount: bigint): TokenBalance => {
      const numeric = formatUnits(amount, token.decimals)
      const price = prices.get(token.symbol) ?? 0
      return {
        name: token.name,
        symbol: token.symbol,
        chainId: caipChain,
        ...(token.address ? { address: `${caipChain}:${token.address}` } : {}),
        value: Number(numeric) * price,
        price,
        quantity: { decimals: String(token.decimals), numeric },
        iconUrl: tokenIconUrl(explorerUrl, token.symbol),
      }
    }
    const result = [entry(known.native(chainId), amounts.native)]
    known.erc20s(chainId).forEach((token, index) => {
      const amount = amounts.tokens[index] ?? 0n
      // Zero ERC-20 balances are left out, as the reference does; the native one always stays.
      if (amount > 0n) result.push(entry(token, amount))
    })
    return result
  }
}

export type BalanceReader = ReturnType<typeof createBalanceReader>
