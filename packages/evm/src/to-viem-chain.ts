import type { ChainId, Network } from '@portico/core'
import type { AdapterContext } from '@portico/core/internal'
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

/** Multicall3's canonical address, where the local devnet deploys it too (viem's `contracts.multicall3`). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** Chains whose Multicall3 is not at the canonical address (ZKsync Era's address derivation differs). */
const MULTICALL3_ELSEWHERE: Readonly<Record<number, `0x${string}`>> = {
  324: '0xF9cda624FBC7e059355ce98a31693d299FACd963',
}

/**
 * A viem chain for a Portico network, reading and writing through the configured RPC URL. It names
 * Multicall3, so viem and wagmi batch contract reads (`multicall`, `useReadContracts`) on it.
 */
export function toViemChain(
  network: Network & { chainId: number },
  context: Pick<AdapterContext, 'rpcUrl'>,
): Chain {
  return defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [context.rpcUrl(network.chainId)] } },
    blockExplorers: { default: { name: network.name, url: network.blockExplorerUrl } },
    testnet: network.testnet,
    contracts: {
      multicall3: { address: MULTICALL3_ELSEWHERE[network.chainId] ?? MULTICALL3_ADDRESS },
    },
  })
}
