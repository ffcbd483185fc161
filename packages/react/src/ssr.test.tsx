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
})
