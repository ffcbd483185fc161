import { describe, expect, it } from 'vitest'
import type { WalletListing } from '../../clients/wallet-listing.js'
import type { Connector } from '../../connection/connector.js'
import { buildConnectList } from './connect-list.js'

const listing = (id: string, name: string, rdns: string | null = null): WalletListing => ({
  id,
  name,
  rdns,
  image_id: `${id}-image`,
  image_url: `http://explorer/getWalletImage/${id}-image`,
})
const announced = (rdns: string, name: string): Connector => ({
  id: rdns,
  name,
  type: 'ANNOUNCED',
  namespace: 'eip155',
  imageUrl: `data:${name}`,
  info: { rdns },
  installed: true,
})

describe('buildConnectList', () => {
  const metamask = listing('mm', 'MetaMask', 'io.metamask')
  const rainbow = listing('rb', 'Rainbow', 'me.rainbow')
  const trust = listing('tw', 'Trust Wallet', 'com.trustwallet.app')
  const zerion = listing('zr', 'Zerion', 'io.zerion.wallet')

  it('lists installed wallets first and merges a listing with its announced wallet by rdns', () => {
    const items = buildConnectList({
      connectors: [announced('io.metamask', 'MetaMask (announced)')],
      recent: [],
      featured: [metamask, rainbow],
      recommended: [trust],
    })
    expect(items.map((item) => [item.name, item.installed])).toEqual([
      ['MetaMask (announced)', true],
      ['Rainbow', false],
      ['Trust Wallet', false],
    ])
    expect(items[0]?.listing?.id).toBe('mm')
    expect(items[0]?.connectorId).toBe('io.metamask')
  })

  it('pins recent wallets first, labelled, and never lists a wallet twice', () => {
    const items = buildConnectList({
      connectors: [announced('io.metamask', 'MetaMask'), announced('io.zerion.wallet', 'Zerion')],
      recent: [{ id: 'zr', name: 'Zerion', rdns: 'io.zerion.wallet' }],
      featured: [metamask, zerion, rainbow],
      recommended: [rainbow, trust],
    })
    expect(items.map((item) => item.name)).toEqual(['Zerion', 'MetaMask', 'Rainbow', 'Trust Wallet'])
    expect(items.map((item) => item.recent)).toEqual([true, false, false, false])
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length)
  })

  it('keeps at most two recent wallets', () => {
    const items = buildConnectList({
      connectors: ['a.one', 'b.two', 'c.three'].map((rdns) => announced(rdns, rdns)),
      recent: ['c.three', 'b.two', 'a.one'].map((rdns) => ({ id: rdns, name: rdns, rdns })),
      featured: [],
      recommended: [],
    })
    expect(items.filter((item) => item.recent).map((item) => item.name)).toEqual(['c.three', 'b.two'])
  })
})
