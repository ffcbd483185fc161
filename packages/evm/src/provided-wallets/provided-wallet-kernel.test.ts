import { type Connector, createPortico } from '@portico/core'
import { type Devnet, startDevnet } from '@portico/devnet'
import type { TestWalletProvider } from '@portico/wallet'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EthereumProvider } from '../discover-connectors.js'
import { evm } from '../evm.js'
import { approvingTestWallet } from '../testing/approving-test-wallet.js'
import type { ProvidedWallet } from './provided-wallet.js'
import { providedWallets } from './provided-wallets.js'

const icon = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'

// The dApp's own wallet through the real kernel, flow and EVM adapter: the test wallet's EIP-1193
// provider passed to evm({ wallets: providedWallets(…) }), in front of a real devnet.
describe('a wallet the dApp provides, through the kernel', () => {
  let devnet: Devnet
  let wallet: TestWalletProvider
  const approvals: string[] = []
  const storage = new Map<string, string>()
  const pageStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  }

  /** One page load of the dApp: Portico created and mounted with `wallets`. */
  function loadPage(wallets: readonly ProvidedWallet[]) {
    const portico = createPortico(
      {
        projectId: 'test',
        networks: [1, 10],
        rpcUrls: { '1': devnet.rpcUrl(1), '10': devnet.rpcUrl(10) },
        adapters: [evm({ wallets: providedWallets(wallets) })],
        enableAnalytics: false,
        // No stack runs: the services are a port nothing listens on, asked only through the stub below.
        chainApiUrl: 'http://127.0.0.1:9',
        explorerUrl: 'http://127.0.0.1:9',
      },
      { storage: pageStorage },
    )
    const unmount = portico.mount()
    return { portico, unmount }
  }

  beforeAll(async () => {
    // wagmi's injected connector only looks for providers where a `window` exists; Node has none.
    ;(globalThis as { window?: unknown }).window ??= globalThis
    devnet = await startDevnet({ port: 0, chainIds: [1, 10] })
    // The devnet answers; the explorer and chain API are not running: they answer nothing.
    const realFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).startsWith(devnet.rpcUrl(1).replace(/\/1$/, ''))
        ? realFetch(input, init)
        : Promise.resolve(new Response(null, { status: 404 })),
    )
    wallet = approvingTestWallet(devnet, approvals)
  })

  afterAll(async () => {
    vi.unstubAllGlobals()
    await devnet?.stop()
    delete (globalThis as { window?: unknown }).window
  })

  const own = (): ProvidedWallet => ({
    id: 'app.wallet',
    name: 'App Wallet',
    icon,
    provider: wallet as unknown as EthereumProvider,
  })

  it('is listed, connects with one approval, switches networks, signs and is remembered', async () => {
    const { portico, unmount } = loadPage([own()])
    const listed = portico.connectors.getState().connectors.find((each) => each.id === 'app.wallet')
    expect(listed).toMatchObject<Partial<Connector>>({ name: 'App Wallet', type: 'INJECTED', imageUrl: icon })

    await portico.connect('app.wallet')
    expect(portico.connection.store.getState()).toMatchObject({
      status: 'connected',
      connection: { connectorId: 'app.wallet', connectorName: 'App Wallet', accounts: [wallet.address] },
    })
    expect(approvals).toEqual(['connect'])

    await portico.switchNetwork(10)
    expect(wallet.chainId).toBe(10)
    expect(portico.connection.store.getState().connection?.chainId).toBe(10)

    const signature = await portico.signMessage('hello from the dApp')
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'hello from the dApp',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    unmount()
  })

  it('reconnects on the next page load without asking, while the dApp provides it again', async () => {
    const { portico, unmount } = loadPage([own()])
    await vi.waitFor(() => expect(portico.connection.store.getState().status).toBe('connected'))
    expect(portico.connection.store.getState().connection).toMatchObject({
      connectorId: 'app.wallet',
      chainId: 10,
      accounts: [wallet.address],
    })
    expect(approvals).toEqual(['connect', 'sign-message'])
    unmount()
  })

  it('is forgotten on a page load where its provider is absent, and not listed', async () => {
    const { portico, unmount } = loadPage([{ ...own(), provider: () => undefined }])
    expect(portico.connectors.getState().connectors.map((each) => each.id)).not.toContain('app.wallet')
    await vi.waitFor(() => expect(portico.connection.store.getState().status).toBe('disconnected'))
    unmount()
    // The next load with the wallet back starts disconnected: nothing was remembered.
    const back = loadPage([own()])
    expect(back.portico.connection.store.getState().status).toBe('disconnected')
    back.unmount()
  })

  it('disconnects: the visitor is disconnected and the next load does not reconnect', async () => {
    const { portico, unmount } = loadPage([own()])
    await portico.connect('app.wallet')
    await portico.disconnect()
    expect(portico.connection.store.getState().status).toBe('disconnected')
    unmount()
    const next = loadPage([own()])
    expect(next.portico.connection.store.getState().status).toBe('disconnected')
    next.unmount()
  })
})
