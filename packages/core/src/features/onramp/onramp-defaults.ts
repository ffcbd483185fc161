import type { OnrampOptions, OnrampProvider } from './onramp-schemas.js'

const LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/**
 * What the Buy view offers when the options call fails (spec §8): USD and EUR with the spec's limits
 * (§9), and ETH on Ethereum.
 */
export const DEFAULT_ONRAMP_OPTIONS: OnrampOptions = {
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: LIMITS },
    { id: 'EUR', payment_method_limits: LIMITS },
  ],
  purchaseCurrencies: [
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }],
    },
  ],
}

/** The providers when the chain API cannot list them: the local sandbox, which its chain API serves. */
export function defaultOnrampProviders(chainApiUrl: string): OnrampProvider[] {
  return [
    {
      name: 'sandbox',
      label: 'Portico Sandbox',
      feeRange: '1-2%',
      url: `${chainApiUrl.replace(/\/$/, '')}/sandbox-onramp`,
      supportedChains: ['eip155:1'],
      available: true,
    },
  ]
}

/** The highest provider fee rate (spec §9: 1-2 %), which an estimated quote assumes. */
export const MAX_PROVIDER_FEE_RATE = 0.02
