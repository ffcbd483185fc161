import type { Portico } from '@portico/core'
import { type Config, type CreateConnectorFn, createConfig, type Storage } from '@wagmi/core'
import type { Chain, Transport } from 'viem'
import { chainTransport } from '../chain-transport.js'
import { evmNetworks, toViemChain } from '../to-viem-chain.js'
import { portico as porticoConnector } from './portico-connector.js'

/** Parameters of `porticoWagmiConfig()`: the Portico instance and wagmi's own options. */
export interface PorticoWagmiConfigParameters {
  /** The Portico instance the dApp's `<PorticoProvider portico={…}>` renders. */
  portico: Portico
  /** More wagmi connectors, after Portico's (a dApp rarely needs any: Portico lists the wallets). */
  connectors?: readonly CreateConnectorFn[] | undefined
  /** wagmi's own storage (`createStorage`, `cookieStorage` for SSR); wagmi's default is localStorage. */
  storage?: Storage | null | undefined
  /** Server-side rendering: wagmi waits for the client to hydrate before it reconnects. */
  ssr?: boolean | undefined
}

/**
 * A standard wagmi `Config` for `<WagmiProvider config={…}>` that matches Portico's: its EVM networks as
 * viem chains (Multicall3 included), read through the chain API's RPC gateway with the network's own RPC
 * URL as fallback, and the `portico()` connector, so every wagmi hook works with whatever wallet the visitor
 * connected through Portico. wagmi's own EIP-6963 discovery is off: Portico lists the wallets.
 */
export function porticoWagmiConfig(parameters: PorticoWagmiConfigParameters): Config {
  const { portico, connectors = [], ...rest } = parameters
  const { config } = portico
  const chains = evmNetworks(config.networks).map((network) => toViemChain(network, config))
  if (chains.length === 0)
    throw new Error('porticoWagmiConfig: the Portico config lists no EVM network for wagmi to use.')
  const transports: Record<number, Transport> = Object.fromEntries(
    chains.map((chain) => [chain.id, chainTransport(config, chain.id)]),
  )
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    transports,
    connectors: [porticoConnector({ portico }), ...connectors],
    multiInjectedProviderDiscovery: false,
    ...rest,
  })
}
