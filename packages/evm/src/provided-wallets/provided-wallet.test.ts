import { ConfigError, type Connector } from '@portico/core'
import { describe, expect, it } from 'vitest'
import type { EthereumProvider } from '../discover-connectors.js'
import { evm } from '../evm.js'
import { checkProvidedWallets } from './check-provided-wallets.js'
import { type ProvidedWallet, withProvidedWallets } from './provided-wallet.js'
import { providedWallets } from './provided-wallets.js'

const provider = () => ({ request: async () => null }) as unknown as EthereumProvider
const icon = 'data:image/svg+xml,<svg/>'

/** What `evm({ wallets: providedWallets(wallets) })` lists on Connect in a page with no other wallet. */
function listed(wallets: readonly ProvidedWallet[]): readonly Connector[] {
  let connectors: readonly Connector[] = []
  evm({ wallets: providedWallets(wallets) }).watchConnectors(
    { enableEIP6963: false, enableInjected: false, explorerUrl: 'http://explorer.test' },
    (list) => {
      connectors = list
    },
  )()
  return connectors
}

describe('wallets the dApp provides', () => {
  it('are listed first, as injected wallets with their name and icon, WalletConnect still offered', () => {
    const connectors = listed([{ id: 'app.wallet', name: 'App Wallet', icon, provider: provider() }])
    expect(connectors.map(({ id, type }) => [id, type])).toEqual([
      ['app.wallet', 'INJECTED'],
      ['walletconnect', 'WALLET_CONNECT'],
    ])
    expect(connectors[0]).toMatchObject({ name: 'App Wallet', imageUrl: icon, installed: true })
  })

  it('are left off where their provider function finds none (a Safe app outside a Safe)', () => {
    const here = provider()
    const connectors = listed([
      { id: 'safe', name: 'Safe', provider: () => undefined },
      { id: 'own', name: 'Own', provider: () => here },
    ])
    expect(connectors.map((connector) => connector.id)).toEqual(['own', 'walletconnect'])
  })

  it('replace the discovered entry of the same provider, so one wallet is not listed twice', () => {
    const same = provider()
    const other = provider()
    const discovered = {
      connectors: [
        { id: 'injected', name: 'Browser wallet', type: 'INJECTED', namespace: 'eip155', installed: true },
        { id: 'io.other', name: 'Other', type: 'ANNOUNCED', namespace: 'eip155', installed: true },
      ] satisfies Connector[],
      providers: new Map([
        ['injected', same],
        ['io.other', other],
      ]),
    }
    const merged = withProvidedWallets([{ id: 'own', name: 'Own', provider: same }], discovered)
    expect(merged.connectors.map((connector) => connector.id)).toEqual(['own', 'io.other'])
    expect(merged.providers.get('own')).toBe(same)
    expect(merged.providers.get('io.other')).toBe(other)
    expect(merged.providers.has('injected')).toBe(false)
  })

  it('are checked when the dApp lists them: the first problem throws a ConfigError naming the field', () => {
    const valid = { id: 'own', name: 'Own', provider: provider() }
    const cases: [unknown, string][] = [
      ['own', 'evm.wallets'],
      [[valid, { ...valid, id: 'x y' }], 'evm.wallets[1].id'],
      // Another connector's id would take its place: WalletConnect's, or the same wallet twice.
      [[{ ...valid, id: 'walletconnect' }], 'evm.wallets[0].id'],
      [[valid, valid], 'evm.wallets[1].id'],
      [[{ ...valid, name: ' ' }], 'evm.wallets[0].name'],
      [[{ ...valid, icon: 'javascript:alert(1)' }], 'evm.wallets[0].icon'],
      [[{ ...valid, provider: {} }], 'evm.wallets[0].provider'],
      [[null], 'evm.wallets[0].id'],
    ]
    for (const [wallets, field] of cases) {
      const call = () => providedWallets(wallets as ProvidedWallet[])
      expect(call).toThrow(ConfigError)
      expect(call).toThrow(expect.objectContaining({ field }))
    }
    expect(
      checkProvidedWallets([valid, { ...valid, id: 'safe', icon: 'https://x.test/i.svg' }]),
    ).toHaveLength(2)
  })
})
