import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainId } from '../connection/caip.js'
import type { ChainAdapter } from '../connection/chain-adapter.js'
import { createPortico } from '../portico.js'
import { emptyServicesFetch } from '../testing/empty-services-fetch.js'
import { scriptedAdapter, testAddress, testConnection } from '../testing/scripted-adapter.js'
import type { KernelEventMap, KernelEventName } from './kernel-events.js'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const hash = `0x${'1'.repeat(64)}`

function setup(overrides: Partial<ChainAdapter> = {}, networks = [1, 8453]) {
  const scripted = scriptedAdapter(overrides)
  const portico = createPortico(
    { projectId: 'p', networks, adapters: [scripted.factory] },
    { storage: undefined },
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
  const seen: { name: KernelEventName; event: KernelEventMap[KernelEventName] }[] = []
  const names: KernelEventName[] = [
    'connectStarted',
    'connected',
    'connectFailed',
    'disconnected',
    'accountChanged',
    'chainChanged',
    'transactionSent',
    'transactionConfirmed',
  ]
  for (const name of names) portico.on(name, (event) => seen.push({ name, event }))
  return { ...scripted, portico, seen, names: () => seen.map((entry) => entry.name) }
}

describe('connection kernel', () => {
  let services = emptyServicesFetch()
  beforeEach(() => {
    services = emptyServicesFetch()
    vi.stubGlobal('fetch', services.fetch)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('announces a connection, wallet-side changes and a disconnect as typed events', async () => {
    const { portico, emit, names, seen } = setup()
    await portico.connect(testConnection.connectorId)
    expect(names()).toEqual(['connectStarted', 'connected'])
    expect(seen[1]?.event).toMatchObject({
      connection: {
        namespace: 'eip155',
        accounts: [testAddress],
        chainId: 1,
        connectorName: 'Portico Test Wallet',
      },
      target: { connectorId: testConnection.connectorId },
    })

    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    emit({ type: 'accountsChanged', accounts: [other] })
    emit({ type: 'chainChanged', chainId: 8453 })
    expect(names().slice(2)).toEqual(['accountChanged', 'chainChanged'])
    expect(seen[3]?.event).toMatchObject({ connection: { accounts: [other], chainId: 8453 } })

    emit({ type: 'disconnect' })
    expect(names().at(-1)).toBe('disconnected')
    expect(portico.connection.store.getState().status).toBe('disconnected')
  })

  it('announces a network switch once, though the wallet reports it too', async () => {
    let walletEvent: (chainId: ChainId) => void = () => {}
    const { portico, emit, names } = setup({ switchChain: async (chainId) => walletEvent(chainId) })
    walletEvent = (chainId) => emit({ type: 'chainChanged', chainId })
    await portico.connect(testConnection.connectorId)
    await portico.switchNetwork(8453)
    expect(names().filter((name) => name === 'chainChanged')).toHaveLength(1)
    expect(portico.connection.store.getState().connection?.chainId).toBe(8453)
  })

  it('ignores a wallet answer that is not an address of the adapter namespace', async () => {
    const { portico, names } = setup({
      connect: async () => ({ ...testConnection, accounts: ['not-an-address'] }),
    })
    await expect(portico.connect(testConnection.connectorId)).rejects.toMatchObject({
      code: 'INVALID_WALLET_RESPONSE',
    })
    expect(names()).toEqual(['connectStarted', 'connectFailed'])
    expect(portico.connection.store.getState().status).toBe('disconnected')
  })

  it('waits for the receipt after sending, then announces the confirmation and refreshes balances', async () => {
    let confirm: (receipt: { status: 'success' | 'reverted' }) => void = () => {}
    const { portico, names, seen } = setup({
      waitForTransaction: () => new Promise((resolve) => (confirm = resolve)),
    })
    await portico.connect(testConnection.connectorId)
    await settle()
    const balanceRequests = () => services.requested.filter((path) => path.endsWith('/balance')).length
    // The connection's own balance read (its client's code loads with the first read).
    await vi.waitFor(() => expect(balanceRequests()).toBeGreaterThan(0))
    const before = balanceRequests()

    await expect(portico.sendTransaction({ to: testAddress, value: 1n })).resolves.toBe(hash)
    expect(names().at(-1)).toBe('transactionSent')
    await settle()
    expect(names()).not.toContain('transactionConfirmed')
    expect(balanceRequests()).toBe(before)

    confirm({ status: 'reverted' })
    await settle()
    expect(seen.at(-1)).toEqual({
      name: 'transactionConfirmed',
      event: expect.objectContaining({ hash, status: 'reverted' }),
    })
    // Read again once the transaction is in a block, not before.
    expect(balanceRequests()).toBe(before + 1)
  })

  it('connects on the network the visitor chose while disconnected', async () => {
    const connect = vi.fn(async () => ({ ...testConnection, chainId: 8453 }))
    const { portico } = setup({ connect })
    await portico.switchNetwork(8453)
    await portico.connect(testConnection.connectorId)
    expect(connect).toHaveBeenCalledWith(testConnection.connectorId, { chainId: 8453 })
    expect(portico.network.store.getState().activeChainId).toBe(8453)

    // Only a choice the visitor made counts: a later connection leaves the wallet on its own network.
    await portico.disconnect()
    await portico.connect(testConnection.connectorId)
    expect(connect).toHaveBeenLastCalledWith(testConnection.connectorId, { chainId: undefined })
  })

  it('rejects the same way whichever connector failed', async () => {
    const rejection = { code: 4001, message: 'User rejected.' }
    const injected = setup({ connect: () => Promise.reject(rejection) })
    const walletConnect = setup({
      connect: (_id, options) => {
        options?.onUri?.('wc:abc@2?relay-protocol=irn&symKey=00')
        return Promise.reject(rejection)
      },
    })
    walletConnect.portico.connectors.setState({
      connectors: [
        {
          id: 'walletconnect',
          name: 'WalletConnect',
          type: 'WALLET_CONNECT',
          namespace: 'eip155',
          installed: false,
        },
      ],
    })
    const outcomes = await Promise.allSettled([
      injected.portico.connect(testConnection.connectorId),
      walletConnect.portico.connect('walletconnect'),
    ])
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'USER_REJECTED' } })
    }
    expect(injected.names()).toEqual(['connectStarted', 'connectFailed'])
    expect(walletConnect.names()).toEqual(['connectStarted', 'connectFailed'])
  })
})
