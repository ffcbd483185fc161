import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { ManifestChain } from './chain-manifest.js'

/**
 * One viem client per served chain, at the manifest's RPC URL. Requests issued in the same tick go out as
 * one JSON-RPC batch, so a balance (native + every token) or a range of blocks costs one HTTP round trip.
 */
export function createChainClients(chains: readonly ManifestChain[]) {
  const clients = new Map<number, PublicClient>()
  for (const { chainId, name, rpcUrl, nativeCurrency } of chains) {
    const chain = defineChain({
      id: chainId,
      name: name ?? `eip155:${chainId}`,
      nativeCurrency,
      rpcUrls: { default: { http: [rpcUrl] } },
    })
    clients.set(
      chainId,
      createPublicClient({
        chain,
        transport: http(rpcUrl, { batch: { batchSize: 250, wait: 0 }, retryCount: 2, timeout: 10_000 }),
      }),
    )
  }
  return {
    /** The served chains as the manifest describes them (their tokens included), in the configured order. */
    chains,
    chainIds: chains.map((chain) => chain.chainId),
    client(chainId: number): PublicClient {
      const client = clients.get(chainId)
      if (!client) throw new RangeError(`chain ${chainId} is not served`)
      return client
    },
  }
}

export type ChainClients = ReturnType<typeof createChainClients>
