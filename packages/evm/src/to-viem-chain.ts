import type { AdapterContext, ChainId, Network } from '@portico/core'
import { type Chain, defineChain } from 'viem'

/** The EVM networks of the dApp's list (it may list Solana clusters too): EVM chain ids are numbers. */
export function evmNetworks(networks: readonly Network[]): (Network & { chainId: number })[] {
  return networks.filter(
    (network): network is Network & { chainId: number } =>
      network.namespace === 'eip155' && typeof network.chainId === 'number',
  )
}

/** An EVM chain id, or undefined for another namespace's (a Solana cluster's reference). */
export const evmChainId = (chainId: ChainId | undefined): number | undefined =>
  typeof chainId === 'number' ? chainId : undefined

/** A viem chain for a Portico network, reading and writing through the configured RPC URL. */
export function toViemChain(network: Network & { chainId: number }, context: AdapterContext): Chain {
  return defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [context.rpcUrl(network.chainId)] } },
    blockExplorers: { default: { name: network.name, url: network.blockExplorerUrl } },
    testnet: network.testnet,
  })
}
