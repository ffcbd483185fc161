import { announceProvider, type EIP6963ProviderDetail } from 'mipd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Discovered, watchDiscoveredConnectors } from './discover-connectors.js'

// The wallet side is mipd's `announceProvider` (EIP-6963 as wagmi's wallets speak it), on a page of
// its own (`window`) per test.

const wallet = (rdns: string, name = rdns): EIP6963ProviderDetail =>
  ({
    info: { uuid: crypto.randomUUID(), name, icon: `data:image/svg+xml,<svg id="${rdns}"/>`, rdns },
    provider: { request: async () => null, on: () => {}, removeListener: () => {} },
  }) as unknown as EIP6963ProviderDetail

const ids = (discovered: Discovered | undefined) => discovered?.connectors.map((connector) => connector.id)

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget())
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('watchDiscoveredConnectors (EIP-6963)', () => {
  it('lists a wallet announced before the watch in the first report, and one announced after it', () => {
    const early = wallet('io.early')
    const stopEarly = announceProvider(early)
    const reports: Discovered[] = []
    const stop = watchDiscoveredConnectors({ enableEIP6963: true, enableInjected: true }, (found) =>
      reports.push(found),
    )
    expect(reports.map(ids)).toEqual([['io.early']])
    expect(reports[0]?.providers.get('io.early')).toBe(early.provider)
    expect(reports[0]?.connectors[0]).toMatchObject({
      type: 'ANNOUNCED',
      name: 'io.early',
      imageUrl: early.info.icon,
      installed: true,
    })
    const stopLate = announceProvider(wallet('io.late'))
    expect(ids(reports.at(-1))).toEqual(['io.early', 'io.late'])
    stop()
    announceProvider(wallet('io.unseen'))
    expect(ids(reports.at(-1))).toEqual(['io.early', 'io.late'])
    stopEarly()
    stopLate()
  })

  it('keeps the first announcement per rdns: a wallet answering every request is one row, reported once', () => {
    announceProvider(wallet('io.wallet', 'First'))
    const reports: Discovered[] = []
    watchDiscoveredConnectors({ enableEIP6963: true, enableInjected: false }, (found) => reports.push(found))
    // Another library on the page asks again: every wallet announces itself again.
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    announceProvider(wallet('io.wallet', 'Impostor'))
    expect(reports).toHaveLength(1)
    expect(reports[0]?.connectors.map((connector) => connector.name)).toEqual(['First'])
  })

  it('lists window.ethereum last unless it is an announced provider', () => {
    const announced = wallet('io.announced')
    announceProvider(announced)
    const page = window as unknown as { ethereum?: unknown }
    page.ethereum = announced.provider
    const once = (enableEIP6963: boolean) => {
      let found: Discovered | undefined
      watchDiscoveredConnectors({ enableEIP6963, enableInjected: true }, (each) => {
        found = each
      })()
      return found
    }
    expect(ids(once(true))).toEqual(['io.announced'])
    page.ethereum = { request: async () => null }
    expect(ids(once(true))).toEqual(['io.announced', 'injected'])
    expect(once(true)?.connectors.at(-1)).toMatchObject({ type: 'INJECTED', name: 'Browser Wallet' })
    // EIP-6963 off: no request, no announcement listed.
    expect(ids(once(false))).toEqual(['injected'])
  })

  it('reports no wallet and throws nothing without a window (server rendering)', () => {
    vi.stubGlobal('window', undefined)
    let found: Discovered | undefined
    watchDiscoveredConnectors({ enableEIP6963: true, enableInjected: true }, (each) => {
      found = each
    })()
    expect(ids(found)).toEqual([])
  })
})
