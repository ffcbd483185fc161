import { describe, expect, it } from 'vitest'
import { createCoinbaseProvider } from './coinbase-provider.js'
import type { OnrampOrder } from './onramp-provider.js'

const order: OnrampOrder = {
  purchaseId: '5f0b0d4e-2f59-4d7a-9d1e-0c7d8a6f1b21',
  address: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  chainId: 8453,
  network: 'base',
  asset: 'USDC',
  paymentAmount: '50.00',
  paymentCurrency: 'EUR',
  purchaseAmount: '52.3',
  partnerUserId: 'visitor-1',
}

describe('Coinbase Onramp adapter', () => {
  it('builds the hosted buy URL with the destination, network and presets', () => {
    const provider = createCoinbaseProvider({ appId: 'app-123' })
    const url = new URL(provider.buyUrl(order, 'http://127.0.0.1:3002'))
    expect(`${url.origin}${url.pathname}`).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appId: 'app-123',
      destinationWallets: JSON.stringify([
        { address: order.address, blockchains: ['base'], assets: ['USDC'] },
      ]),
      defaultNetwork: 'base',
      defaultAsset: 'USDC',
      partnerUserId: 'visitor-1',
      defaultExperience: 'buy',
      presetFiatAmount: '50.00',
      fiatCurrency: 'EUR',
    })
  })

  it('is listed as available with its fee range and chains once configured', () => {
    const listing = createCoinbaseProvider({ appId: 'app-123' }).listing('http://127.0.0.1:3002')
    expect(listing).toMatchObject({ name: 'coinbase', label: 'Coinbase', feeRange: '1-2%', available: true })
    expect(listing.supportedChains).toContain('eip155:8453')
  })

  it('is listed as unavailable without an app id, and builds no URL', () => {
    const provider = createCoinbaseProvider({ appId: undefined })
    expect(provider.listing('')).toMatchObject({
      available: false,
      reason: expect.stringContaining('COINBASE_ONRAMP_APP_ID'),
    })
    expect(() => provider.buyUrl(order, '')).toThrow('not configured')
  })
})
