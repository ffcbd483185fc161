import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter, ChainAdapterFactory, WalletConnection } from '../connection/chain-adapter.js'
import type { Connection } from '../connection/connection-controller.js'
import { CONNECTION_STORAGE_KEY } from '../connection/connection-storage.js'
import type { Network } from '../connection/networks.js'
import { createPortico } from '../portico.js'
import { emptyServicesFetch } from '../testing/empty-services-fetch.js'
import { MemoryStorage, scriptedAdapter, testConnection } from '../testing/scripted-adapter.js'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const devnet = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const solanaDevnet: Network = {
  namespace: 'solana',
  chainId: devnet,
  caipNetworkId: `solana:${devnet}`,
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  blockExplorerUrl: 'https://explorer.solana.com?cluster=devnet',
  imageId: `solana:${devnet}`,
  testnet: true,
}
const solanaAccount = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** The same wallet's Solana half, as a multi-chain wallet or the embedded wallet reports it. */
const solanaHalf: Connection = {
  namespace: 'solana',
  accounts: [solanaAccount],
  chainId: devnet,
  connectorId: testConnection.connectorId,
  connectorName: '',
}

/** A scripted Solana adapter beside the scripted EVM one. */
function solanaAdapter(overrides: Partial<ChainAdapter> = {}) {
  const adapter = {
    ...scriptedAdapter().adapter,
    connect: async () => solanaHalf,
    reconnect: async () => solanaHalf,
    switchChain: vi.fn(async () => {}),
    disconnect: vi.fn(async () => {}),
    ...overrides,
  } satisfies ChainAdapter
  const factory: ChainAdapterFactory = {
    namespace: 'solana',
    isAddress: (address) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address),
    watchConnectors: () => () => {},
    load: vi.fn(async () => adapter),
  }
  return { adapter, factory }
}

function setup(
  answer: WalletConnection,
  options: { storage?: MemoryStorage; solana?: Partial<ChainAdapter> } = {},
) {
  const evm = scriptedAdapter({ connect: async () => answer, reconnect: async () => answer })
  const solana = solanaAdapter(options.solana)
  const portico = createPortico(
    { projectId: 'p', networks: [1, solanaDevnet], adapters: [evm.factory, solana.factory] },
    { storage: options.storage },
  )
  portico.connectors.setState({
    connectors: [
      {
        id: testConnection.connectorId,
        name: 'Portico Test Wallet',
        type: 'ANNOUNCED',
        namespace: 'eip155',
        installed: true,
      },
    ],
  })
  const state = () => portico.connection.store.getState()
  return { portico, evm, solana, state }
}

describe("a wallet's connections in several namespaces", () => {
  beforeEach(() => vi.stubGlobal('fetch', emptyServicesFetch().fetch))
  afterEach(() => vi.unstubAllGlobals())

  it('keeps the Solana half beside the EVM connection, and a switch to Solana asks no second approval', async () => {
    const { portico, solana, state } = setup({ ...testConnection, also: [solanaHalf] })
    await portico.connect(testConnection.connectorId)
    expect(state().connection).toMatchObject({ namespace: 'eip155', connectorName: 'Portico Test Wallet' })
    expect(state().connection).not.toHaveProperty('also')
    expect(state().connections.solana).toEqual({ ...solanaHalf, connectorName: 'Portico Test Wallet' })

    portico.open()
    await portico.switchNetwork(devnet)
    expect(state().connection).toMatchObject({ namespace: 'solana', accounts: [solanaAccount] })
    expect(solana.adapter.switchChain).toHaveBeenCalledWith(devnet)
    expect(portico.router.current()?.view).not.toBe('Connect')
    // The EVM half is still there to switch back to.
    expect(state().connections.eip155).toMatchObject({ chainId: 1 })
  })

  it('leaves out halves of unknown namespaces or with malformed accounts, and still connects', async () => {
    const { portico, state } = setup({
      ...testConnection,
      also: [
        { ...solanaHalf, accounts: ['0xnot-base58'] },
        { ...solanaHalf, namespace: 'bip122', chainId: '000000000019d6689c085ae165831e93' },
        { ...testConnection, accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] },
      ],
    })
    await portico.connect(testConnection.connectorId)
    expect(state().status).toBe('connected')
    expect(Object.keys(state().connections)).toEqual(['eip155'])
  })

  it('remembers both halves for the next visit and restores them without asking', async () => {
    const storage = new MemoryStorage()
    const first = setup({ ...testConnection, also: [solanaHalf] }, { storage })
    await first.portico.connect(testConnection.connectorId)
    const stored = JSON.parse(storage.getItem(CONNECTION_STORAGE_KEY) ?? '{}')
    expect(stored.others).toEqual([{ ...solanaHalf, connectorName: 'Portico Test Wallet' }])

    // The wallet confirms the EVM half only: the Solana half is confirmed by its own adapter.
    const second = setup(testConnection, { storage })
    expect(second.state().connections.solana?.accounts).toEqual([solanaAccount])
    const unmount = second.portico.mount()
    await vi.waitFor(() => expect(second.state().status).toBe('connected'))
    await vi.waitFor(() => expect(second.solana.factory.load).toHaveBeenCalled())
    await settle()
    expect(second.state().connections.solana?.accounts).toEqual([solanaAccount])
    unmount()
  })

  it('forgets a remembered half whose wallet no longer authorizes it, keeping the active one', async () => {
    const storage = new MemoryStorage()
    const first = setup({ ...testConnection, also: [solanaHalf] }, { storage })
    await first.portico.connect(testConnection.connectorId)

    const second = setup(testConnection, { storage, solana: { reconnect: async () => undefined } })
    const unmount = second.portico.mount()
    await vi.waitFor(() => expect(second.state().connections.solana).toBeUndefined())
    expect(second.state().status).toBe('connected')
    expect(JSON.parse(storage.getItem(CONNECTION_STORAGE_KEY) ?? '{}').others).toBeUndefined()
    unmount()
  })

  it('restores a remembered Solana connection (a cluster id, not a number) as the active one', async () => {
    const storage = new MemoryStorage()
    storage.setItem(
      CONNECTION_STORAGE_KEY,
      JSON.stringify({ connection: { ...solanaHalf, connectorName: 'Portico Test Wallet' } }),
    )
    const { portico, state } = setup(testConnection, { storage })
    expect(state()).toMatchObject({ status: 'reconnecting', connection: { chainId: devnet } })
    const unmount = portico.mount()
    await vi.waitFor(() => expect(state().status).toBe('connected'))
    expect(state()).toMatchObject({ connection: { namespace: 'solana' } })
    unmount()
  })

  it('disconnects every half: the visitor disconnects the wallet', async () => {
    const storage = new MemoryStorage()
    const { portico, evm, solana, state } = setup({ ...testConnection, also: [solanaHalf] }, { storage })
    const evmDisconnect = vi.spyOn(evm.adapter, 'disconnect')
    await portico.connect(testConnection.connectorId)
    await portico.switchNetwork(devnet)
    await portico.disconnect()
    expect(evmDisconnect).toHaveBeenCalledOnce()
    expect(solana.adapter.disconnect).toHaveBeenCalledOnce()
    expect(state()).toMatchObject({ status: 'disconnected', connections: {} })
    expect(storage.getItem(CONNECTION_STORAGE_KEY)).toBeNull()
  })

  it('takes a Solana connection from a pairing through the EVM connector when the wallet approved Solana only', async () => {
    let lent: ((namespace: string) => Connection | undefined) | undefined
    const { portico, solana, state } = setup(solanaHalf)
    vi.mocked(solana.factory.load).mockImplementation(async (context) => {
      lent = context.connectionOf
      return solana.adapter
    })
    await portico.connect(testConnection.connectorId)
    expect(state().connection).toMatchObject({
      namespace: 'solana',
      accounts: [solanaAccount],
      chainId: devnet,
      connectorName: 'Portico Test Wallet',
    })
    expect(state().connections.eip155).toBeUndefined()
    // The Solana adapter sees which connector holds the kernel's Solana connection, to route its calls.
    await portico.switchNetwork(devnet)
    expect(lent?.('solana')).toMatchObject({
      connectorId: testConnection.connectorId,
      accounts: [solanaAccount],
    })
  })
})
