import type { Connection } from '@portico/core'
import { AUTH_CONNECTOR_ID, ChainNotConfiguredError, ConnectorNotFoundError } from '@portico/core'
import type {
  AdapterContext,
  AdapterEvent,
  ChainAdapter,
  ConnectOptions,
  FeeEstimate,
  WalletConnection,
} from '@portico/core/internal'
import { RECEIPT_WAIT_MS, sessionConnection } from '@portico/core/internal'
import {
  type Config,
  type Connector,
  connect,
  createConfig,
  disconnect,
  estimateFeesPerGas,
  estimateGas,
  getBalance,
  getGasPrice,
  injected,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
  watchConnection,
} from '@wagmi/core'
import type { Chain, Transport } from 'viem'
import { chainTransport } from './chain-transport.js'
import { type EthereumProvider, INJECTED_CONNECTOR_ID } from './discover-connectors.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './pairing-connector.js'
import { evmChainId, evmNetworks, toViemChain } from './to-viem-chain.js'
import type { WalletConnectProvider } from './walletconnect/walletconnect-provider.js'

/** The gas limit and fees of an estimate, as a transaction carries them (what the estimate did not set is left out). */
function feeTerms(terms: Readonly<Record<string, bigint>> | undefined) {
  if (!terms) return {}
  const { gas, gasPrice, maxFeePerGas, maxPriorityFeePerGas } = terms
  if (gasPrice !== undefined) return { gas, gasPrice }
  return { gas, maxFeePerGas, maxPriorityFeePerGas }
}

/** The heavy half of `evm()`: wagmi and viem, loaded on demand. */
export function createEvmAdapter(
  context: AdapterContext,
  getProvider: (connectorId: string) => EthereumProvider | undefined,
): ChainAdapter {
  const chains = evmNetworks(context.networks).map((network) => toViemChain(network, context)) as [
    Chain,
    ...Chain[],
  ]
  const transports = Object.fromEntries(
    chains.map((chain) => [chain.id, chainTransport(context, chain.id)]),
  ) as Record<number, Transport>
  // Portico remembers the connection itself; wagmi keeps nothing between visits.
  const config: Config = createConfig({
    chains,
    transports,
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
  const listeners = new Set<(event: AdapterEvent) => void>()
  const emit = (event: AdapterEvent) => {
    for (const listener of listeners) listener(event)
  }

  // The WalletConnect SDK is a chunk of its own: it loads (and opens its relay socket) only when the
  // visitor picks WalletConnect or a remembered WalletConnect session is confirmed.
  let walletConnect: Promise<WalletConnectProvider> | undefined
  let walletConnectProvider: WalletConnectProvider | undefined
  const loadWalletConnect = async () => {
    walletConnect ??= import('./walletconnect/walletconnect-provider.js')
      .then((module) => module.createWalletConnectProvider(context))
      .catch((error) => {
        walletConnect = undefined
        throw error
      })
    walletConnectProvider = await walletConnect
    return walletConnectProvider
  }

  // Portico tracks disconnects itself, so wagmi's shim (a permissions prompt before eth_requestAccounts
  // and a flag in storage) is off: connecting is one plain eth_requestAccounts.
  const createConnector = (connectorId: string) => {
    if (connectorId === INJECTED_CONNECTOR_ID) return injected({ shimDisconnect: false })
    const provider =
      connectorId === WALLET_CONNECT_CONNECTOR_ID
        ? (walletConnectProvider as EthereumProvider | undefined)
        : connectorId === AUTH_CONNECTOR_ID
          ? (context.authProvider?.() as EthereumProvider | undefined)
          : getProvider(connectorId)
    if (!provider) throw new ConnectorNotFoundError(connectorId)
    return injected({
      shimDisconnect: false,
      target: () => ({ id: connectorId, name: connectorId, provider }),
    })
  }

  const toConnection = (accounts: readonly string[], chainId: number, connector: Connector): Connection => ({
    namespace: 'eip155',
    accounts,
    chainId,
    connectorId: connector.id,
    connectorName: connector.name,
    connectorIcon: connector.icon,
  })

  /** Connects the injected-style connector through wagmi; it asks the wallet to switch to `chainId` after. */
  async function connectWagmi(connectorId: string, options: ConnectOptions | undefined) {
    const chainId = evmChainId(options?.chainId)
    const connected = await connect(config, {
      connector: createConnector(connectorId),
      ...(chainId !== undefined && chains.some((chain) => chain.id === chainId) ? { chainId } : {}),
    })
    return toConnection(connected.accounts, connected.chainId, activeConnector() as Connector)
  }

  /**
   * Pairs a wallet: its EVM accounts connect through wagmi, and the session's accounts in the dApp's other
   * namespaces (Solana) come beside them. A wallet that approves only Solana gives a Solana connection; the
   * visitor's picked network decides which one is active when it approves both.
   */
  async function connectWalletConnect(options: ConnectOptions | undefined): Promise<WalletConnection> {
    const provider = await loadWalletConnect()
    const evmAccounts = await provider.connect((uri) => options?.onUri?.(uri), {
      chainId: options?.chainId,
      signIn: context.oneClickSignIn,
    })
    const others = [...new Set(context.networks.map((network) => network.namespace))]
      .filter((namespace) => namespace !== 'eip155')
      .map((namespace) => sessionConnection(provider.session, namespace, context.networks, options?.chainId))
      .filter((connection): connection is Connection => connection !== undefined)
    if (evmAccounts.length === 0) {
      const [main, ...also] = others
      if (!main) throw new ConnectorNotFoundError(WALLET_CONNECT_CONNECTOR_ID)
      return { ...main, also }
    }
    const evmConnection = await connectWagmi(WALLET_CONNECT_CONNECTOR_ID, options)
    const picked = others.find((other) => other.chainId === options?.chainId)
    if (picked) return { ...picked, also: [evmConnection, ...others.filter((other) => other !== picked)] }
    return { ...evmConnection, also: others }
  }

  const activeConnector = () => {
    const { current, connections } = config.state
    return current ? connections.get(current)?.connector : undefined
  }

  // Wallet-initiated changes (account, network, disconnect) reach Portico as adapter events.
  watchConnection(config, {
    onChange(connection, previous) {
      if (connection.status === 'disconnected' && previous.status === 'connected') {
        emit({ type: 'disconnect' })
        return
      }
      if (connection.status !== 'connected' || previous.status !== 'connected') return
      if (connection.address !== previous.address)
        emit({ type: 'accountsChanged', accounts: connection.addresses })
      if (connection.chainId !== previous.chainId) emit({ type: 'chainChanged', chainId: connection.chainId })
    },
  })

  return {
    connect: (connectorId, options) =>
      connectorId === WALLET_CONNECT_CONNECTOR_ID
        ? connectWalletConnect(options)
        : connectWagmi(connectorId, options),
    async reconnect(connectorId) {
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID && !(await (await loadWalletConnect()).restore())) {
        return undefined
      }
      // Not wagmi's reconnect action: it runs once at a time per page, whichever config calls it, and a dApp's
      // own wagmi config (porticoWagmiConfig) reconnecting on load waits on this one, which it would skip.
      // A connect with isReconnecting asks the wallet for its accounts (eth_accounts), never prompting.
      const reconnecting: object = { isReconnecting: true }
      const connected = await connect(config, { connector: createConnector(connectorId), ...reconnecting })
      if (connected.accounts.length > 0)
        return toConnection(connected.accounts, connected.chainId, activeConnector() as Connector)
      await disconnect(config).catch(() => {})
      return undefined
    },
    async disconnect() {
      await disconnect(config)
      await walletConnectProvider?.disconnect()
    },
    async switchChain(chainId) {
      const id = evmChainId(chainId)
      if (id === undefined || !chains.some((chain) => chain.id === id))
        throw new ChainNotConfiguredError(Number(chainId))
      await switchChain(config, { chainId: id })
    },
    async getBalance(address, chainId) {
      const id = evmChainId(chainId)
      const balance = await getBalance(config, { address: address as `0x${string}`, chainId: id })
      return { value: balance.value.toString(), decimals: balance.decimals, symbol: balance.symbol, chainId }
    },
    signMessage: (message) => signMessage(config, { message }),
    sendTransaction: ({ to, value, data, fee }) =>
      sendTransaction(config, {
        to: to as `0x${string}`,
        value,
        data: data as `0x${string}` | undefined,
        ...feeTerms(fee?.terms),
      } as Parameters<typeof sendTransaction>[1]),
    async estimateFee({ from, to, value, data }, anyChainId): Promise<FeeEstimate> {
      const chainId = evmChainId(anyChainId)
      const call = {
        account: from as `0x${string}`,
        to: to as `0x${string}`,
        value,
        data: data as `0x${string}` | undefined,
        chainId,
      }
      // An EIP-1559 network's fees (viem's base fee multiplier, 1.2); a legacy network has a gas price only.
      const [gas, gasPrice, fees] = await Promise.all([
        estimateGas(config, call),
        getGasPrice(config, { chainId }),
        estimateFeesPerGas(config, { chainId, type: 'eip1559' }).catch(() => undefined),
      ])
      if (!fees) return { fee: gas * gasPrice, maxFee: gas * gasPrice, terms: { gas, gasPrice } }
      const { maxFeePerGas, maxPriorityFeePerGas } = fees
      return {
        fee: gas * (gasPrice < maxFeePerGas ? gasPrice : maxFeePerGas),
        maxFee: gas * maxFeePerGas,
        terms: { gas, maxFeePerGas, maxPriorityFeePerGas },
      }
    },
    async waitForTransaction(hash, chainId) {
      const receipt = await waitForTransactionReceipt(config, {
        hash: hash as `0x${string}`,
        chainId: evmChainId(chainId),
        timeout: RECEIPT_WAIT_MS,
      })
      return { status: receipt.status }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    walletConnect: async () => (await loadWalletConnect()).session,
    provider: async () => activeConnector()?.getProvider(),
  }
}
