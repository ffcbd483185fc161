import type { ChainId, Network } from '@portico/core'
import { evmNetworks } from '../to-viem-chain.js'

/**
 * What the dApp asks an EVM wallet for; anything else is a read and goes through the RPC gateway. EIP-5792's
 * methods (wagmi's useSendCalls, useCallsStatus, useCapabilities) and ERC-7715's permission grant (viem's
 * grantPermissions) go to a wallet that approves them.
 */
export const WALLET_CONNECT_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_grantPermissions',
] as const
export const WALLET_CONNECT_EVENTS = ['chainChanged', 'accountsChanged'] as const

/** What the dApp asks a Solana wallet for (WalletConnect's Solana RPC methods). */
export const SOLANA_WALLET_CONNECT_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const

export interface ProposedNamespace {
  chains: string[]
  methods: string[]
  events: string[]
}

/** The picked chain first (the one a wallet starts on), then the others in the dApp's order. */
function pickedFirst<T>(ids: readonly T[], picked: T | undefined): T[] {
  return picked !== undefined && ids.includes(picked)
    ? [picked, ...ids.filter((id) => id !== picked)]
    : [...ids]
}

/**
 * The session proposal's optional namespaces: `eip155` with the dApp's EVM chains, and `solana` with its
 * Solana clusters' CAIP-2 ids when it configures any. An EVM-only dApp proposes `eip155` alone.
 */
export function proposedNamespaces(
  networks: readonly Network[],
  picked: ChainId | undefined,
): Record<string, ProposedNamespace> {
  const evmIds = evmNetworks(networks).map((network) => network.chainId)
  const clusters = networks
    .filter((network) => network.namespace === 'solana')
    .map((network) => network.caipNetworkId as string)
  const namespaces: Record<string, ProposedNamespace> = {}
  if (evmIds.length > 0) {
    namespaces.eip155 = {
      chains: pickedFirst(evmIds, typeof picked === 'number' ? picked : undefined).map(
        (id) => `eip155:${id}`,
      ),
      methods: [...WALLET_CONNECT_METHODS],
      events: [...WALLET_CONNECT_EVENTS],
    }
  }
  if (clusters.length > 0) {
    namespaces.solana = {
      chains: pickedFirst(clusters, typeof picked === 'string' ? `solana:${picked}` : undefined),
      methods: [...SOLANA_WALLET_CONNECT_METHODS],
      events: [],
    }
  }
  return namespaces
}
