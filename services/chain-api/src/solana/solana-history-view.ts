import type { HistoryChainView } from '../get-history.js'
import type { KnownToken } from '../known-tokens.js'
import type { SolanaCluster } from './solana-clusters.js'

/** What the history reader needs of a cluster: its tokens by mint, their USD prices and its CAIP-2 id. */
export function solanaHistoryView(cluster: SolanaCluster) {
  const native: KnownToken = { address: undefined, ...cluster.nativeCurrency }
  const byMint = new Map(
    cluster.tokens.map((token): [string, KnownToken] => [
      token.mint,
      { address: undefined, name: token.name, symbol: token.symbol, decimals: token.decimals },
    ]),
  )
  const prices = new Map<string, number>()
  for (const token of [cluster.nativeCurrency, ...cluster.tokens]) {
    if (token.usdPrice !== undefined) prices.set(token.symbol, token.usdPrice)
  }
  return {
    tokens: {
      /** The native currency for no mint; a listed token by mint; undefined for anything else (spam). */
      find: (_chainId: number, mint: string | null | undefined) => (mint ? byMint.get(mint) : native),
    },
    prices: prices as ReadonlyMap<string, number>,
    view: {
      caipNetworkId: cluster.caipNetworkId,
      // Base58 is case-sensitive and has one form.
      formatAddress: (address) => address,
    } satisfies HistoryChainView,
  }
}
