import { cookieStorage, cookieToInitialState } from '@portico/core'
import type { ChainAdapterFactory } from '@portico/core/internal'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

const browserGlobals = ['window', 'document', 'localStorage', 'navigator'] as const

describe('server-side rendering', () => {
  it('imports without touching browser globals and renders the provider and buttons to HTML', async () => {
    const touched: string[] = []
    const saved = new Map(
      browserGlobals.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]),
    )
    for (const name of browserGlobals) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name)
          return undefined
        },
      })
    }
    try {
      const { ConnectButton, NetworkButton, PorticoProvider } = await import('./index.js')
      // Importing touches nothing; rendering may feature-detect (and finds nothing) but must not throw.
      expect(touched).toEqual([])
      const adapter: ChainAdapterFactory = {
        namespace: 'eip155',
        isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address),
        watchConnectors: () => () => {},
        load: () => Promise.reject(new Error('never loaded on the server')),
      }
      const html = renderToString(
        <PorticoProvider config={{ projectId: 'ssr', networks: [10], adapters: [adapter] }}>
          <NetworkButton />
          <ConnectButton />
        </PorticoProvider>,
      )
      expect(html).toContain('Connect wallet')
      expect(html).toContain('OP Mainnet')
      expect(html).toContain('aria-haspopup="dialog"')
      expect(touched.filter((name) => name !== 'localStorage')).toEqual([])
    } finally {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor)
        else delete (globalThis as Record<string, unknown>)[name]
      }
    }
  })

  it('renders a returning visitor’s account from the request’s cookie, and "Connect wallet" for a tampered one', async () => {
    const { ConnectButton, NetworkButton, PorticoProvider } = await import('./index.js')
    const adapter: ChainAdapterFactory = {
      namespace: 'eip155',
      isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address),
      watchConnectors: () => () => {},
      load: () => Promise.reject(new Error('never loaded on the server')),
    }
    const config = { projectId: 'ssr', networks: [1, 10], adapters: [adapter] }
    const remembered = {
      connection: {
        namespace: 'eip155',
        accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
        chainId: 10,
        connectorId: 'dev.portico.testwallet',
        connectorName: 'Portico Test Wallet',
      },
      balance: { value: '1500000000000000000', decimals: 18, symbol: 'ETH', chainId: 10 },
    }
    const render = (cookie: string) =>
      renderToString(
        <PorticoProvider config={config} storage={cookieStorage} initialState={cookieToInitialState(cookie)}>
          <NetworkButton />
          <ConnectButton />
        </PorticoProvider>,
      )
    const html = render(`portico.connection=${encodeURIComponent(JSON.stringify(remembered))}`)
    expect(html).toContain('0xf39F…2266')
    expect(html).toContain('1.5 ETH')
    expect(html).toContain('OP Mainnet')
    expect(html).not.toContain('Connect wallet')
    const tampered = JSON.stringify({ ...remembered, connection: { ...remembered.connection, chainId: 'x' } })
    expect(render(`portico.connection=${encodeURIComponent(tampered)}`)).toContain('Connect wallet')
    expect(render('portico.connection=%7B')).toContain('Connect wallet')
  })
})
