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
  messages: onrampMessages,
  views: {
    OnRampProviders: { title: 'buyTitle', load: () => import('./onramp-providers-view.js') },
    BuyInProgress: { title: 'buyInProgressTitle', load: () => import('./buy-in-progress-view.js') },
  },
  accountRows: [{ view: 'OnRampProviders', label: 'buy' }],
  styles: [
    '.onramp{display:flex;flex-direction:column;gap:12px}',
    '.onramp-grid{display:grid;grid-template-columns:1fr 1fr;gap:10px}',
    '.onramp label{display:flex;flex-direction:column;gap:4px;font-size:12px;font-weight:600;color:var(--portico-muted)}',
    '.onramp select.field{appearance:none;cursor:pointer}',
    '.onramp .field-hint{margin:0;font-size:12px;color:var(--portico-muted)}',
    '.quote{margin:0;padding:12px;border-radius:14px;background:var(--portico-surface);display:grid;grid-template-columns:1fr auto;gap:6px 12px;font-size:13px}',
    '.quote dt{color:var(--portico-muted)}.quote dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}',
    '.quote .total{font-weight:700;color:var(--portico-text)}',
    '.quote-estimated{margin:0;font-size:12px;color:var(--portico-muted)}.quote-estimated strong{color:var(--portico-text)}',
    '.provider .fee{font-size:12px;color:var(--portico-muted);font-weight:500}',
    '.row[aria-disabled=true]{cursor:not-allowed;opacity:.55}',
  ].join(''),
})
