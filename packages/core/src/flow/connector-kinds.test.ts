import { describe, expect, it, vi } from 'vitest'
import type { Connector, ConnectorType } from '../connection/connector.js'
import type { Kernel } from '../kernel/kernel-types.js'
import { createModalController } from '../modal/modal-controller.js'
import { createRouter } from '../modal/router.js'
import { createThemeController } from '../modal/theme-controller.js'
import { createToastController } from '../modal/toast-controller.js'
import { createModalFlow } from './modal-flow.js'

const wallet = (id: string, type: ConnectorType): Connector => ({
  id,
  name: id,
  type,
  namespace: 'eip155',
  installed: true,
})

/** The flow over a kernel whose connectors are `connectors` and whose actions are spies. */
function setup(connectors: readonly Connector[]) {
  const kernel = {
    events: { on: () => () => {} },
    network: { getNetwork: () => undefined },
    findConnector: (id: string) => connectors.find((connector) => connector.id === id),
    beginConnect: vi.fn(),
    requestAccounts: vi.fn(async (_connector: Connector) => {}),
  }
  const router = createRouter({ onEmpty: () => {} })
  const ui = {
    router,
    modal: createModalController({ router, isConnected: () => false }),
    toast: createToastController(),
    theme: createThemeController({ themeMode: 'dark', themeVariables: {} }),
  }
  return { kernel, router, flow: createModalFlow(kernel as unknown as Kernel, ui) }
}

describe('connector kinds', () => {
  it('a registered kind shows its view with the picked listing, then connects the connector', async () => {
    const { kernel, router, flow } = setup([wallet('wc', 'WALLET_CONNECT')])
    const connect = vi.fn(async () => {})
    flow.addConnectorKind({ type: 'WALLET_CONNECT', view: 'Pairing', connect })
    await flow.connect('wc', { walletId: 'a'.repeat(64) })
    expect(router.current()).toEqual({
      view: 'Pairing',
      data: { connectorId: 'wc', walletId: 'a'.repeat(64) },
    })
    expect(kernel.beginConnect).toHaveBeenCalledOnce()
    expect(connect).toHaveBeenCalledWith(expect.objectContaining({ id: 'wc' }), { walletId: 'a'.repeat(64) })
    expect(kernel.requestAccounts).not.toHaveBeenCalled()
  })

  it('injected and announced wallets, and a type no feature registered, wait on the wallet’s own prompt', async () => {
    const { kernel, router, flow } = setup([wallet('injected', 'INJECTED'), wallet('wc', 'WALLET_CONNECT')])
    await flow.connect('injected')
    expect(router.current()).toEqual({ view: 'ConnectingWallet', data: { connectorId: 'injected' } })
    // No pairing registered: WalletConnect falls back to the wallet's prompt, replacing the view.
    await flow.connect('wc')
    expect(router.store.getState().history).toEqual([
      { view: 'ConnectingWallet', data: { connectorId: 'wc' } },
    ])
    expect(kernel.requestAccounts.mock.calls.map(([connector]) => connector.id)).toEqual(['injected', 'wc'])
  })

  it('a multi-chain wallet asks for the namespace first: nothing connects yet', async () => {
    const { kernel, router, flow } = setup([wallet('multichain:X', 'MULTI_CHAIN')])
    await flow.connect('multichain:X')
    expect(router.current()).toEqual({ view: 'ConnectingMultiChain', data: { connectorId: 'multichain:X' } })
    expect(kernel.beginConnect).not.toHaveBeenCalled()
    expect(kernel.requestAccounts).not.toHaveBeenCalled()
  })

  it('a wallet connected already is refused before its kind runs or its view shows', async () => {
    const { kernel, router, flow } = setup([wallet('wc', 'WALLET_CONNECT')])
    const connect = vi.fn(async () => {})
    flow.addConnectorKind({ type: 'WALLET_CONNECT', view: 'Pairing', connect })
    router.reset('Connect')
    kernel.beginConnect.mockImplementation(() => {
      throw new Error('already connected')
    })
    await expect(flow.connect('wc')).rejects.toThrow('already connected')
    expect(connect).not.toHaveBeenCalled()
    expect(router.current()?.view).toBe('Connect')
  })
})
