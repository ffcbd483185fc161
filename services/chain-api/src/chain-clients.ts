import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import { nativeToken } from './known-tokens.js'

/** Where a chain's JSON-RPC node is: a devnet front (`<devnetUrl>/<chainId>`) or any URL per chain. */
export type ChainRpcSource = { devnetUrl: string } | { rpcUrl: (chainId: number) => string }

export function chainRpcUrl(source: ChainRpcSource, chainId: number): string {
  return 'devnetUrl' in source ? `${source.devnetUrl.replace(/\/+$/, '')}/${chainId}` : source.rpcUrl(chainId)
}

/**
 * One viem client per served chain. Requests issued in the same tick go out as one JSON-RPC batch, so a
 * balance (native + every token) or a range of blocks costs one HTTP round trip.
 */
export function createChainClients(source: ChainRpcSource, chainIds: readonly number[]) {
  const clients = new Map<number, PublicClient>()
  for (const chainId of chainIds) {
    const url = chainRpcUrl(source, chainId)
    const native = nativeToken(chainId)
    const chain = defineChain({
      id: chainId,
      name: `eip155:${chainId}`,
      nativeCurrency: { name: native.name, symbol: native.symbol, decimals: native.decimals },
      rpcUrls: { default: { http: [url] } },
    })
    clients.set(
      chainId,
      createPublicClient({
        chain,
        transport: http(url, { batch: { batchSize: 250, wait: 0 }, retryCount: 2, timeout: 10_000 }),
      }),
    )
  }
  return {
    chainIds,
    client(chainId: number): PublicClient {
      const client = clients.get(chainId)
      if (!client) throw new RangeError(`chain ${chainId} is not served`)
      return client
    },
  }
}

export type ChainClients = ReturnType<typeof createChainClients>
