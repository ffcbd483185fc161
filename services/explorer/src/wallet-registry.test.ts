import { describe, expect, it } from 'vitest'
import { walletRegistry } from './data/wallet-registry.js'
import { parseWalletEntries } from './upsert-wallets.js'
import { walletIdFromSlug, walletImageId } from './wallet-ids.js'

describe('seed wallet registry', () => {
  const entries = parseWalletEntries(walletRegistry)

  it('holds at least 100 valid wallets with unique slugs, names and rdns', () => {
    expect(entries.length).toBeGreaterThanOrEqual(100)
    const unique = (values: unknown[]) => new Set(values).size === values.length
    expect(unique(entries.map((entry) => entry.slug))).toBe(true)
    expect(unique(entries.map((entry) => entry.name.toLowerCase()))).toBe(true)
    expect(unique(entries.flatMap((entry) => (entry.rdns ? [entry.rdns] : [])))).toBe(true)
    expect(unique(entries.map((entry) => entry.order))).toBe(true)
  })

  it('lists the test wallet first and the well-known wallets by rdns', () => {
    expect(entries[0]).toMatchObject({
      name: 'Portico Test Wallet',
      rdns: 'dev.portico.testwallet',
      homepage: 'http://127.0.0.1:3005',
      order: 1,
    })
    const byRdns = new Map(entries.map((entry) => [entry.rdns, entry.name]))
    for (const rdns of [
      'io.metamask',
      'com.trustwallet.app',
      'com.coinbase.wallet',
      'me.rainbow',
      'io.rabby',
      'app.phantom',
    ]) {
      expect(byRdns.has(rdns)).toBe(true)
    }
    const solanaWallets = entries.filter((entry) => entry.chains.some((chain) => chain.startsWith('solana:')))
    expect(solanaWallets.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['Phantom', 'Solflare', 'Backpack']),
    )
  })

  it('derives stable ids: sha256 of the slug, image ids shaped like UUIDs', () => {
    // Pinned: a changed derivation would break every client that stored an id.
    expect(walletIdFromSlug('metamask')).toBe(
      '349ea085e7c763adbad98208288bd670a758fdf5f9c60d6da3f114e12b84b146',
    )
    expect(walletImageId('metamask', 'MetaMask')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    )
    expect(walletImageId('metamask', 'MetaMask')).not.toBe(walletImageId('metamask', 'MetaMask Wallet'))
  })

  it('rejects script-running deep links', () => {
    expect(() =>
      parseWalletEntries([{ slug: 'bad', name: 'Bad', mobile_link: 'javascript:alert(1)', chains: [] }]),
    ).toThrow(/entry 0 \(slug 'bad'\).*mobile_link/)
  })
})
