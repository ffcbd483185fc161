import type { OnrampOrder, OnrampProvider } from './onramp-provider.js'

const COINBASE_PAY_URL = 'https://pay.coinbase.com/buy/select-asset'

/** Coinbase's network names for the chains it delivers to. */
const COINBASE_NETWORKS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  10: 'optimism',
  137: 'polygon',
  8453: 'base',
  42161: 'arbitrum',
  43114: 'avalanche-c-chain',
}

/**
 * Coinbase Onramp, hosted: its buy page takes the destination and presets in the URL (its "one-click buy"
 * format). Needs the app id of a Coinbase Developer Platform project; without one it is listed as unavailable.
 */
export function createCoinbaseProvider(options: { appId?: string | undefined }): OnrampProvider {
  const { appId } = options
  return {
    name: 'coinbase',
    listing: () => ({
      name: 'coinbase',
      label: 'Coinbase',
      feeRange: '1-2%',
      url: COINBASE_PAY_URL,
      supportedChains: Object.keys(COINBASE_NETWORKS).map((id) => `eip155:${id}`),
      available: appId !== undefined,
      ...(appId === undefined ? { reason: 'Not configured: set COINBASE_ONRAMP_APP_ID' } : {}),
    }),
    buyUrl(order: OnrampOrder) {
      if (appId === undefined) throw new Error('Coinbase Onramp is not configured')
      const network = COINBASE_NETWORKS[order.chainId] ?? order.network
      const query = new URLSearchParams({
        appId,
        destinationWallets: JSON.stringify([
          { address: order.address, blockchains: [network], assets: [order.asset] },
        ]),
        defaultNetwork: network,
        defaultAsset: order.asset,
        partnerUserId: order.partnerUserId,
        defaultExperience: 'buy',
        presetFiatAmount: order.paymentAmount,
        fiatCurrency: order.paymentCurrency,
      })
      return `${COINBASE_PAY_URL}?${query}`
    },
  }
}

/** Coinbase's name of a chain, or undefined when Coinbase does not deliver there. */
export function coinbaseNetworkName(chainId: number): string | undefined {
  return COINBASE_NETWORKS[chainId]
}
