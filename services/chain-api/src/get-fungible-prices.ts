import type { FungiblePrice } from './fungible-price-response.js'
import type { KnownTokens } from './known-tokens.js'
import { tokenIconUrl } from './token-icons.js'
import type { PriceBook } from './token-prices.js'

/** A parsed CAIP-10 token id: `eip155:<chain>:<address>`, the native sentinel standing for the currency. */
export interface TokenId {
  chainId: number
  address: string
}

/** Prices of the known tokens among `tokens`, in request order; unknown ones are left out. */
export async function getFungiblePrices(
  tokens: readonly TokenId[],
  known: KnownTokens,
  priceBook: PriceBook,
  explorerUrl: string,
): Promise<FungiblePrice[]> {
  // Each chain's prices come from its own pools, read once per request.
  const chainIds = [...new Set(tokens.map((token) => token.chainId))]
  const byChain = new Map(
    await Promise.all(chainIds.map(async (chainId) => [chainId, await priceBook.prices(chainId)] as const)),
  )
  const result: FungiblePrice[] = []
  for (const { chainId, address } of tokens) {
    const token = known.find(chainId, address)
    if (!token) continue
    result.push({
      name: token.name,
      symbol: token.symbol,
      iconUrl: tokenIconUrl(explorerUrl, token.symbol),
      price: byChain.get(chainId)?.get(token.symbol) ?? 0,
    })
  }
  return result
}
