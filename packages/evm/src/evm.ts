import type { ChainAdapterFactory } from '@portico/core/internal'
import { type EthereumProvider, watchDiscoveredConnectors } from './discover-connectors.js'
import { walletConnectConnector } from './pairing-connector.js'
import type { WatchWallets } from './provided-wallets/provided-wallets.js'

/** Options of `evm()`. */
export interface EvmAdapterOptions {
  /** The dApp's own EIP-1193 wallets besides those discovered: `providedWallets([…])`. */
  wallets?: WatchWallets | undefined
}

/**
 * The EVM adapter for `createPortico({ adapters: [evm()] })`. Importing it costs a few hundred bytes:
 * viem and wagmi load only when the visitor picks a wallet or a remembered connection is confirmed.
 */
export function evm(options: EvmAdapterOptions = {}): ChainAdapterFactory {
  let providers: ReadonlyMap<string, EthereumProvider> = new Map()
  return {
    namespace: 'eip155',
    isAddress: (address) => /^0x[0-9a-fA-F]{40}$/.test(address),
    watchConnectors(discovery, onChange) {
      return (options.wallets ?? watchDiscoveredConnectors)(discovery, (discovered) => {
        providers = discovered.providers
        // WalletConnect is always offered; nothing of its SDK loads until it is picked.
        onChange([...discovered.connectors, walletConnectConnector(discovery.explorerUrl)])
      })
    },
    async load(context) {
      const { createEvmAdapter } = await import('./evm-adapter.js')
      return createEvmAdapter(context, (connectorId) => providers.get(connectorId))
    },
  }
}
