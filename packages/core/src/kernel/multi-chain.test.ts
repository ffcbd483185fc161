import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdapterEvent, ChainAdapter, ChainAdapterFactory } from '../connection/chain-adapter.js'
import type { Connection } from '../connection/connection-controller.js'
import type { Connector } from '../connection/connector.js'
import type { Network } from '../connection/networks.js'
import { groupMultiChainConnectors } from '../features/wallet-list/multi-chain-connectors.js'
import { createPortico } from '../portico.js'
import { emptyServicesFetch } from '../testing/empty-services-fetch.js'
import { MemoryStorage, scriptedAdapter, testConnection } from '../testing/scripted-adapter.js'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const solanaMainnet: Network = {
  namespace: 'solana',
  chainId: MAINNET,
  caipNetworkId: `solana:${MAINNET}`,
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  blockExplorerUrl: 'https://explorer.solana.com',
  imageId: `solana:${MAINNET}`,
  testnet: false,
  cluster: 'mainnet-beta',
}
const DEVNET = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const solanaDevnet: Network = {
  ...solanaMainnet,
  chainId: DEVNET,
  caipNetworkId: `solana:${DEVNET}`,
  name: 'Solana Devnet',
  imageId: `solana:${DEVNET}`,
  testnet: true,
  cluster: 'devnet',
}
const solanaAddress = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const solanaConnection: Connection = {
  namespace: 'solana',
  accounts: [solanaAddress],
  chainId: MAINNET,
  connectorId: 'solana:Portico Test Wallet',
  connectorName: 'Portico Test Wallet',
}

/** A scripted Solana adapter beside the scripted EVM one. */
function scriptedSolana() {
  const adapter: ChainAdapter = {
    ...scriptedAdapter().adapter,
    connect: vi.fn(async (_connectorId: string, options?: { chainId?: string | number | undefined }) => ({
      ...solanaConnection,
      chainId: options?.chainId ?? MAINNET,
    })),
    reconnect: vi.fn(async (_connectorId: string, options?: { chainId?: string | number | undefined }) => ({
      ...solanaConnection,
      chainId: options?.chainId ?? MAINNET,
    })),
    subscribe: (_listener: (event: AdapterEvent) => void) => () => {},
  }
  const factory: ChainAdapterFactory = {
    namespace: 'solana',
    isAddress: (address) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address),
    watchConnectors: () => () => {},
    load: async () => adapter,
  }
  return { adapter, factory }
}

const halves: Connector[] = [
  {
    id: testConnection.connectorId,
    name: 'Portico Test Wallet',
    type: 'ANNOUNCED',
    namespace: 'eip155',
    info: { rdns: 'dev.portico.testwallet' },
    installed: true,
  },
  {
    id: solanaConnection.connectorId,
    name: 'Portico Test Wallet',
    type: 'ANNOUNCED',
    namespace: 'solana',
    installed: true,
  },
]

function setup(storage?: MemoryStorage) {
  const evm = scriptedAdapter({ connect: vi.fn(async () => testConnection) })
  const solana = scriptedSolana()
  const portico = createPortico(
    {
      projectId: 'p',
      networks: [1, 8453, solanaMainnet, solanaDevnet],
      adapters: [evm.factory, solana.factory],
    },
    { storage },
  )
  portico.connectors.setState({ connectors: groupMultiChainConnectors(halves) })
  const wallet = portico.connectors.getState().connectors[0] as Connector
  return { portico, wallet, evm: evm.adapter, solana: solana.adapter }
}

describe('a multi-chain wallet', () => {
  beforeEach(() => vi.stubGlobal('fetch', emptyServicesFetch().fetch))
  afterEach(() => vi.unstubAllGlobals())

  it('asks which chain to connect on, then connects that half only', async () => {
    const { portico, wallet, evm, solana } = setup()
    portico.open()
    await portico.connect(wallet.id)
    expect(portico.router.current()).toEqual({
      view: 'ConnectingMultiChain',
      data: { connectorId: wallet.id },
    })
    expect(portico.connection.store.getState().status).toBe('disconnected')

    await portico.connect(solanaConnection.connectorId)
    expect(solana.connect).toHaveBeenCalledWith(solanaConnection.connectorId, { chainId: undefined })
    expect(evm.connect).not.toHaveBeenCalled()
    expect(portico.connection.store.getState().connection).toMatchObject({
      namespace: 'solana',
      accounts: [solanaAddress],
    })
  })

  it('connects on the namespace of the network chosen before connecting, without asking', async () => {
    const { portico, wallet, evm, solana } = setup()
    await portico.switchNetwork(MAINNET)
    await portico.connect(wallet.id)
    expect(portico.router.current()?.view).not.toBe('ConnectingMultiChain')
    expect(solana.connect).toHaveBeenCalledWith(solanaConnection.connectorId, { chainId: MAINNET })
    expect(evm.connect).not.toHaveBeenCalled()
  })

  it('adds its other half on a switch to that namespace, keeping both; switching back asks nothing', async () => {
    const { portico, wallet, evm, solana } = setup()
    await portico.connect(wallet.id)
    await portico.connect(solanaConnection.connectorId)

    portico.open({ view: 'Networks' })
    await portico.switchNetwork(8453)
    await settle()
    // The same wallet is asked for its EVM account (on the chosen network): no wallet list in between.
    expect(evm.connect).toHaveBeenCalledWith(testConnection.connectorId, { chainId: 8453 })
    const state = portico.connection.store.getState()
    expect(state.connection?.namespace).toBe('eip155')
    expect(state.connections.solana).toMatchObject({ accounts: [solanaAddress] })

    await portico.switchNetwork(MAINNET)
    expect(portico.connection.store.getState().connection).toMatchObject({ namespace: 'solana' })
    await portico.switchNetwork(1)
    expect(portico.connection.store.getState().connection).toMatchObject({ namespace: 'eip155', chainId: 1 })
    expect(evm.connect).toHaveBeenCalledTimes(1)
    expect(solana.connect).toHaveBeenCalledTimes(1)
  })

  it("ends a switch from Account's Networks on Account, whether the other half had to connect or not", async () => {
    const { portico, wallet, solana } = setup()
    await portico.connect(wallet.id)
    await portico.connect(solanaConnection.connectorId)
    const toasts: string[] = []
    portico.toast.store.subscribe((state) => void (state.open && toasts.push(state.message)))
    const switchFromAccount = async (chainId: string | number) => {
      portico.open()
      portico.router.push('Networks')
      await portico.switchNetwork(chainId)
      await settle()
      return {
        open: portico.modal.store.getState().open,
        views: portico.router.store.getState().history.map((entry) => entry.view),
      }
    }
    const onAccount = { open: true, views: ['Account'] }
    // Solana → EVM, the EVM half connecting on the way (it closed the modal). The scripted wallet
    // connects on its own chain, which the toast names.
    await expect(switchFromAccount(8453)).resolves.toEqual(onAccount)
    const evm = portico.connection.store.getState().connection
    expect(evm?.namespace).toBe('eip155')
    expect(toasts.at(-1)).toBe(`Switched to ${portico.network.getNetwork(evm?.chainId ?? 0)?.name}`)
    // EVM → EVM and EVM → Solana, both halves connected.
    await expect(switchFromAccount(1)).resolves.toEqual(onAccount)
    await expect(switchFromAccount(MAINNET)).resolves.toEqual(onAccount)
    expect(solana.connect).toHaveBeenCalledTimes(1)
  })

  it('closes a Networks opened on its own after a switch that connected the other half, as after any switch', async () => {
    const { portico, wallet } = setup()
    await portico.connect(wallet.id)
    await portico.connect(solanaConnection.connectorId)
    portico.open({ view: 'Networks' })
    await portico.switchNetwork(8453)
    await settle()
    expect(portico.connection.store.getState().connection).toMatchObject({ namespace: 'eip155' })
    expect(portico.modal.store.getState().open).toBe(false)
  })

  it('is restored on the network it was on: the adapter reconnects with the remembered cluster', async () => {
    const storage = new MemoryStorage()
    const first = setup(storage)
    await first.portico.switchNetwork(DEVNET)
    await first.portico.connect(first.wallet.id)
    expect(first.portico.connection.store.getState().connection?.chainId).toBe(DEVNET)

    const second = setup(storage)
    const unmount = second.portico.mount()
    await vi.waitFor(() => expect(second.portico.connection.store.getState().status).toBe('connected'))
    expect(second.solana.reconnect).toHaveBeenCalledWith(solanaConnection.connectorId, { chainId: DEVNET })
    expect(second.portico.network.store.getState().activeChainId).toBe(DEVNET)
    unmount()
    // What a connection starts loading (names, balances) settles before the environment goes.
    await second.portico.load()
    await settle()
  })
})
