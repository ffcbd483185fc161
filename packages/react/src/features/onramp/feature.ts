import { defineFeature } from '../define-feature.js'
import { onrampMessages } from './messages.js'

declare module '@portico/core' {
  interface ViewRegistry {
    /** Buy crypto: asset, currency, amount and quote, then a provider (on-ramp feature). */
    OnRampProviders: undefined
    /** Follows a purchase started with a provider until it succeeds or fails. */
    BuyInProgress: undefined
  }
}

export const onramp = defineFeature({
  id: 'onramp',
  enabled: (config) => config.features.onramp,
  messages: onrampMessages,
  views: {
    OnRampProviders: { title: 'buyTitle', load: () => import('./onramp-providers-view.js') },
    BuyInProgress: { title: 'buyInProgressTitle', load: () => import('./buy-in-progress-view.js') },
  },
  accountRows: [
    { view: 'OnRampProviders', label: 'buy', visible: ({ chainId }) => typeof chainId !== 'string' },
  ],
})
