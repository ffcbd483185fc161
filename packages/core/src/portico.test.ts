import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Connection } from './connection/connection-controller.js'
import { CONNECTION_STORAGE_KEY } from './connection/connection-storage.js'
import { AUTH_CONNECTOR_ID } from './connection/connector.js'
import { createPortico } from './portico.js'
import { emptyServicesFetch } from './testing/empty-services-fetch.js'
import { MemoryStorage, scriptedAdapter, testAddress, testConnection } from './testing/scripted-adapter.js'

const address = testAddress
const connection = testConnection

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createPortico', () => {
  // No stack runs in unit tests: the services are an injected fetch.
  let services = emptyServicesFetch()
  beforeEach(() => {
    services = emptyServicesFetch()
    vi.stubGlobal('fetch', services.fetch)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('connects, records the connection, fetches the balance and remembers it', async () => {
    const storage = new MemoryStorage()
    const { factory } = scriptedAdapter()
    const portico = createPortico({ projectId: 'p', networks: [1, 10], adapters: [factory] }, { storage })
    expect(factory.load).not.toHaveBeenCalled()
    portico.connectors.setState({
      connectors: [
        {
          id: connection.connectorId,
          name: 'Portico Test Wallet',
          type: 'ANNOUNCED',
          namespace: 'eip155',
          installed: true,
        },
      ],
    })
    portico.open()
    await portico.connect(connection.connectorId)
    await settle()
    expect(portico.connection.store.getState()).toMatchObject({ status: 'connected', connection })
    // Connected: the modal closes, and opens on Account next time.
    expect(portico.modal.store.getState().open).toBe(false)
    expect(portico.router.current()?.view).toBe('Account')
    // The chain API client's code loads with its first read.
    await vi.waitFor(() => expect(portico.account.store.getState().tokensStatus).toBe('ready'))
    expect(portico.account.store.getState().balance).toMatchObject({
      value: '2500000000000000000',
      symbol: 'ETH',
    })
    expect(JSON.parse(storage.getItem(CONNECTION_STORAGE_KEY) ?? '{}').connection.accounts).toEqual([address])
    expect(services.requested).toEqual(
      expect.arrayContaining([`/v1/account/${address}/balance`, `/v1/identity/${address}`]),
    )
    expect(portico.account.store.getState().tokensStatus).toBe('ready')
  })

  it('turns a rejection into a toast and leaves the visitor disconnected on the connecting view', async () => {
    const { factory } = scriptedAdapter({
      connect: () => Promise.reject(Object.assign(new Error('nope'), { code: 4001 })),
    })
    const portico = createPortico(
      { projectId: 'p', networks: [1], adapters: [factory] },
      { storage: undefined },
    )
    portico.open()
    await expect(portico.connect('injected')).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(portico.connection.store.getState()).toMatchObject({ status: 'disconnected' })
    expect(portico.connection.store.getState().error?.code).toBe('USER_REJECTED')
    expect(portico.toast.store.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Request rejected in your wallet',
    })
    expect(portico.router.current()).toEqual({ view: 'ConnectingWallet', data: { connectorId: 'injected' } })
  })

  it('times out a wallet that never answers, and rejects garbage', async () => {
    const hanging = scriptedAdapter({ connect: () => new Promise(() => {}) })
    const portico = createPortico(
      { projectId: 'p', networks: [1], rpcTimeoutMs: 20, adapters: [hanging.factory] },
      { storage: undefined },
    )
    await expect(portico.connect('injected')).rejects.toMatchObject({ code: 'RPC_TIMEOUT' })
    expect(portico.connection.store.getState().error?.code).toBe('RPC_TIMEOUT')

    const garbage = scriptedAdapter({ connect: async () => ({ accounts: 'nope' }) as unknown as Connection })
    const other = createPortico(
      { projectId: 'p', networks: [1], adapters: [garbage.factory] },
      { storage: undefined },
    )
    await expect(other.connect('injected')).rejects.toMatchObject({ code: 'INVALID_WALLET_RESPONSE' })
    expect(other.connection.store.getState().error?.code).toBe('INVALID_WALLET_RESPONSE')
    expect(other.toast.store.getState().message).toContain('returned an invalid response')
  })

  it('refuses to reconnect to the connector already connected', async () => {
    const { factory } = scriptedAdapter()
    const portico = createPortico(
      { projectId: 'p', networks: [1], adapters: [factory] },
      { storage: undefined },
    )
    await portico.connect(connection.connectorId)
    await expect(portico.connect(connection.connectorId)).rejects.toMatchObject({
      code: 'CONNECTOR_ALREADY_CONNECTED',
    })
    expect(portico.toast.store.getState().message).toContain('already connected')
    expect(portico.modal.store.getState().shake).toBe(true)
  })

  it('shows a remembered connection on creation and confirms it on mount', async () => {
    const storage = new MemoryStorage()
    storage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ connection }))
    const { factory } = scriptedAdapter()
    const portico = createPortico({ projectId: 'p', networks: [1], adapters: [factory] }, { storage })
    expect(portico.connection.store.getState()).toMatchObject({ status: 'reconnecting', connection })
    const unmount = portico.mount()
    await vi.waitFor(() => expect(portico.connection.store.getState().status).toBe('connected'))
    unmount()
  })

  it('forgets a remembered connection the wallet no longer authorizes', async () => {
    const storage = new MemoryStorage()
    storage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ connection }))
    const { factory } = scriptedAdapter({ reconnect: async () => undefined })
    const portico = createPortico({ projectId: 'p', networks: [1], adapters: [factory] }, { storage })
    portico.mount()
    await settle()
    expect(portico.connection.store.getState().status).toBe('disconnected')
    expect(storage.getItem(CONNECTION_STORAGE_KEY)).toBeNull()
  })

  it('tells the visitor when a remembered e-mail or social sign-in is gone after a reload, and opens the sign-in', async () => {
    const storage = new MemoryStorage()
    const signedIn = { ...connection, connectorId: AUTH_CONNECTOR_ID, connectorName: 'ada@example.com' }
    storage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ connection: signedIn }))
    // The wallet frame kept no session (its storage was not kept): the adapter confirms nothing.
    const { factory } = scriptedAdapter({ reconnect: async () => undefined })
    const portico = createPortico(
      { projectId: 'p', networks: [1], adapters: [factory], authUrl: 'http://127.0.0.1:9' },
      { storage },
    )
    portico.mount()
    await vi.waitFor(() => expect(portico.connection.store.getState().status).toBe('disconnected'))
    expect(portico.toast.store.getState()).toMatchObject({ open: true, variant: 'error' })
    expect(portico.toast.store.getState().message).toContain('ada@example.com could not be restored')
    expect(portico.modal.store.getState().open).toBe(true)
    expect(portico.router.current()?.view).toBe('Connect')
  })

  it('follows wallet events: chain changes, and accounts emptied disconnects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { factory, emit } = scriptedAdapter()
    const portico = createPortico(
      { projectId: 'p', networks: [1, 10], adapters: [factory] },
      { storage: undefined },
    )
    await portico.connect(connection.connectorId)
    portico.close()
    emit({ type: 'chainChanged', chainId: 11155111 })
    expect(portico.connection.store.getState().connection?.chainId).toBe(11155111)
    vi.advanceTimersByTime(300)
    expect(portico.router.current()?.view).toBe('UnsupportedChain')
    emit({ type: 'accountsChanged', accounts: [] })
    expect(portico.connection.store.getState().status).toBe('disconnected')
  })

  it('switches network and returns to the view before Networks', async () => {
    const switchChain = vi.fn(async () => {})
    const { factory } = scriptedAdapter({ switchChain })
    const portico = createPortico(
      { projectId: 'p', networks: [1, 10], adapters: [factory] },
      { storage: undefined },
    )
    await portico.connect(connection.connectorId)
    portico.open()
    portico.router.push('Networks')
    await portico.switchNetwork(10)
    expect(switchChain).toHaveBeenCalledWith(10)
    expect(portico.connection.store.getState().connection?.chainId).toBe(10)
    expect(portico.router.current()?.view).toBe('Account')
    expect(portico.toast.store.getState().message).toBe('Switched to OP Mainnet')
  })
})
