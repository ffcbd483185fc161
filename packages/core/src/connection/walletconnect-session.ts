import type { CaipNetworkId, ChainId, ChainNamespace } from './caip.js'
import type { Connection } from './connection-controller.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './connector.js'
import type { Network } from './networks.js'

/**
 * A WalletConnect session as the adapters of each of its namespaces see it. One client and one session
 * serve them all: the adapter that owns the WalletConnect connector lends it through the context.
 */
export interface WalletConnectSession {
  /** The session's accounts in `namespace` as CAIP-10 ids (`solana:<reference>:<address>`); none unpaired. */
  accounts(namespace: ChainNamespace): readonly string[]
  /** The methods the wallet approved in `namespace`. */
  methods(namespace: ChainNamespace): readonly string[]
  /** Asks the paired wallet; a rejection there rejects with EIP-1193's code 4001. */
  request(args: { chainId: CaipNetworkId; method: string; params: unknown }): Promise<unknown>
  /** Picks up the session kept in browser storage; false when there is none. */
  restore(): Promise<boolean>
  disconnect(): Promise<void>
  /** Called when the wallet ends the session or it expires (not when the dApp disconnects). */
  onEnd(listener: () => void): () => void
}

/**
 * The session's connection in `namespace`: its accounts on the picked network when the wallet approved it,
 * else on the dApp's first network of that namespace the session holds; undefined when it holds none.
 */
export function sessionConnection(
  session: WalletConnectSession,
  namespace: ChainNamespace,
  networks: readonly Network[],
  picked?: ChainId | undefined,
): Connection | undefined {
  const held = session.accounts(namespace)
  const onNetwork = (network: Network) =>
    held.filter((account) => account.startsWith(`${network.caipNetworkId}:`))
  const candidates = networks.filter(
    (network) => network.namespace === namespace && onNetwork(network).length > 0,
  )
  const network = candidates.find((candidate) => candidate.chainId === picked) ?? candidates[0]
  if (!network) return undefined
  return {
    namespace,
    accounts: [...new Set(onNetwork(network).map((account) => account.split(':')[2] as string))],
    chainId: network.chainId,
    connectorId: WALLET_CONNECT_CONNECTOR_ID,
    connectorName: 'WalletConnect',
  }
}
