import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter, ChainAdapterFactory, ConnectOptions } from '../../connection/chain-adapter.js'
import type { Connection } from '../../connection/connection-controller.js'
import type { Connector } from '../../connection/connector.js'
import { createPortico } from '../../portico.js'
import { emptyServicesFetch } from '../../testing/empty-services-fetch.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** What the wallet approves over the pairing. */
const approved: Connection = {
  namespace: 'eip155',
  accounts: [address],
  chainId: 1,
  connectorId: 'walletconnect',
  connectorName: 'WalletConnect',
}
const walletConnect: Connector = {
  id: 'walletconnect',
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  namespace: 'eip155',
  installed: false,
}

/** An adapter whose WalletConnect connect reports a URI, then waits for the test to answer. */
function pairingAdapter() {
  const attempts: {
    options: ConnectOptions | undefined
    resolve(c: Connection): void
    reject(e: unknown): void
  }[] = []
  const adapter = {
    connect: (_id: string, options?: ConnectOptions) =>
      new Promise<Connection>((resolve, reject) => {
        attempts.push({ options, resolve, reject })
        options?.onUri?.(`wc:${'a'.repeat(63)}${attempts.length}@2?relay-protocol=irn`)
      }),
    reconnect: async () => undefined,
    disconnect: async () => {},
    switchChain: async () => {},
    getBalance: async (_address: string, chainId: number) => ({
      value: '0',
      decimals: 18,
      symbol: 'ETH',
      chainId,
    }),
    signMessage: async () => '0x',
    sendTransaction: async () => '0x',
    waitForTransaction: async () => ({ status: 'success' as const }),
    subscribe: () => () => {},
  } satisfies ChainAdapter
  const factory: ChainAdapterFactory = {
    namespace: 'eip155',
    isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address),
    watchConnectors: () => () => {},
    load: vi.fn(async () => adapter),
  }
  return { factory, attempts }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup() {
  const { factory, attempts } = pairingAdapter()
  const portico = createPortico(
    { projectId: 'p', networks: [1], adapters: [factory] },
    { storage: undefined },
  )
  portico.connectors.setState({ connectors: [walletConnect] })
  portico.open()
  return { portico, attempts, factory }
}

describe('WalletConnect pairing in createPortico', () => {
  // No stack runs in unit tests: the explorer and chain API are an injected fetch.
  beforeEach(() => vi.stubGlobal('fetch', emptyServicesFetch().fetch))
  afterEach(() => vi.unstubAllGlobals())

  it('shows the Pairing view with the URI, and the account once the wallet approves', async () => {
    const { portico, attempts, factory } = setup()
    await portico.load()
    const connecting = portico.connect('walletconnect')
    await vi.waitFor(() => expect(attempts).toHaveLength(1))
    expect(factory.load).toHaveBeenCalledWith(expect.objectContaining({ relayUrl: 'ws://127.0.0.1:3003' }))
    expect(portico.router.current()?.view).toBe('Pairing')
    expect(portico.pairing.store.getState()).toMatchObject({
      status: 'ready',
      uri: expect.stringMatching(/^wc:/),
    })
    attempts[0]?.resolve(approved)
    await vi.waitFor(() => expect(portico.connection.store.getState().status).toBe('connected'))
    expect(portico.modal.store.getState().open).toBe(false)
    expect(portico.router.current()?.view).toBe('Account')
    expect(portico.pairing.store.getState().status).toBe('idle')
    await expect(connecting).resolves.toBeUndefined()
  })

  it('turns a rejection into a toast and lets the visitor ask for a new link', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { portico, attempts } = setup()
    await portico.load()
    const rejected = expect(portico.connect('walletconnect')).rejects.toMatchObject({ code: 'USER_REJECTED' })
    await settle()
    attempts[0]?.reject({ code: 4001, message: 'User rejected.' })
    await settle()
    expect(portico.toast.store.getState()).toMatchObject({ message: 'Request rejected in your wallet' })
    expect(portico.pairing.store.getState().status).toBe('error')
    await rejected
    vi.setSystemTime(Date.now() + 1_000)
    expect(portico.pairing.retry()).toBe(true)
    await settle()
    expect(attempts).toHaveLength(2)
    expect(portico.pairing.store.getState().uri).toMatch(/2@2/)
    vi.useRealTimers()
  })

  it('abandons the pairing when the visitor leaves the view: a late approval is ignored', async () => {
    const { portico, attempts } = setup()
    await portico.load()
    const connecting = portico.connect('walletconnect')
    await settle()
    portico.router.goBack()
    expect(portico.pairing.store.getState().status).toBe('idle')
    expect(portico.connection.store.getState().status).toBe('disconnected')
    await expect(connecting).rejects.toMatchObject({ code: 'USER_CANCELLED' })
    attempts[0]?.resolve(approved)
    await settle()
    expect(portico.connection.store.getState().status).toBe('disconnected')
  })
})
