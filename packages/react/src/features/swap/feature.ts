import { isSwapSupportedChain } from '@portico/core/internal'
import { defineFeature } from '../define-feature.js'
import { swapMessages } from './messages.js'

declare module '@portico/core' {
  interface ViewRegistry {
    /** The swap form: amount and token to pay with, token to receive, the quote and its costs. */
    Swap: undefined
    /** Picks the token of one side of the swap. */
    SwapSelectToken: { target: 'sourceToken' | 'toToken' }
    /** The swap's summary; approves (when needed) and swaps. */
    SwapPreview: undefined
  }
}

export const swap = defineFeature({
  id: 'swap',
  enabled: (config) => config.features.swaps,
  messages: swapMessages,
  views: {
    Swap: { title: 'swapTitle', load: () => import('./swap-view.js') },
    SwapSelectToken: { title: 'selectTokenTitle', load: () => import('./swap-select-token-view.js') },
    SwapPreview: { title: 'previewTitle', load: () => import('./swap-preview-view.js') },
  },
  accountRows: [{ view: 'Swap', label: 'swap', visible: (account) => isSwapSupportedChain(account.chainId) }],
})
