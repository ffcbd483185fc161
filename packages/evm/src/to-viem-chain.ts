import type { AdapterContext, Network } from '@portico/core'
import { type Chain, defineChain } from 'viem'

/** A viem chain for a Portico network, reading and writing through the configured RPC URL. */
export function toViemChain(network: Network, context: AdapterContext): Chain {
  return defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [context.rpcUrl(network.chainId)] } },
    blockExplorers: { default: { name: network.name, url: network.blockExplorerUrl } },
    testnet: network.testnet,
  })
}
