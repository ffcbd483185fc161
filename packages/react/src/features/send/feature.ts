import { defineFeature } from '../define-feature.js'
import { sendMessages } from './messages.js'

declare module '@portico/core' {
  interface ViewRegistry {
    /** The send form: token, amount, receiver (address or name) and the network fee. */
    Send: undefined
    /** The send form's summary, before the wallet is asked. */
    SendPreview: undefined
    /** The visitor's address with a QR code and the networks it is valid on. */
    Receive: undefined
  }
}

export const send = defineFeature({
  id: 'send',
  messages: sendMessages,
  views: {
    Send: { title: 'sendTitle', load: () => import('./send-view.js') },
    SendPreview: { title: 'previewTitle', load: () => import('./send-preview-view.js') },
    Receive: { title: 'receiveTitle', load: () => import('./receive-view.js') },
  },
  accountRows: [
    { view: 'Send', label: 'send' },
    { view: 'Receive', label: 'receive' },
  ],
  styles: [
    '.send-form{display:flex;flex-direction:column;gap:12px}',
    '.send-field{display:flex;flex-direction:column;gap:6px}',
    '.send-field>label,.send-field>.label{font-size:12px;color:var(--portico-muted)}',
    // A field grows along its row; in this column it keeps its own height.
    '.send-field>.field{flex:none}',
    '.amount-row{display:flex;gap:8px;align-items:center}',
    '.amount-row .field{font-size:18px;font-weight:600;font-variant-numeric:tabular-nums}',
    '.max-button{min-height:32px;padding:0 12px;font-size:12px}',
    '.field-note{display:flex;justify-content:space-between;gap:8px;margin:0;font-size:12px;color:var(--portico-muted)}',
    '.field-warning{margin:0;font-size:12px;color:#f0a03c;text-align:start}',
    'select.field{appearance:none;line-height:40px;cursor:pointer;background-image:linear-gradient(45deg,transparent 50%,currentColor 50%),linear-gradient(135deg,currentColor 50%,transparent 50%);background-position:calc(100% - 18px) 50%,calc(100% - 13px) 50%;background-size:5px 5px;background-repeat:no-repeat;padding-inline-end:32px}',
    '.receiver{display:flex;align-items:center;gap:8px;font-size:12px;color:var(--portico-muted);min-width:0}',
    '.receiver code,.send-summary code{overflow-wrap:anywhere;font:12px/1.4 ui-monospace,monospace}',
    '.receiver img{width:20px;height:20px;border-radius:50%}',
    '.fee-row{display:flex;justify-content:space-between;align-items:baseline;padding:10px 12px;border-radius:14px;background:var(--portico-surface);font-size:13px}',
    '.fee-row .value{font-weight:600;text-align:end}',
    '.send-summary{display:flex;flex-direction:column;align-items:center;gap:4px;padding:8px 0}',
    '.send-summary .big{font-size:24px;font-weight:700;font-variant-numeric:tabular-nums}',
    '.send-details{display:grid;grid-template-columns:auto minmax(0,1fr);gap:8px 12px;margin:0;padding:12px;border-radius:14px;background:var(--portico-surface)}',
    '.send-details dt{color:var(--portico-muted)}',
    '.send-details dd{margin:0;font-weight:600;text-align:end;overflow-wrap:anywhere}',
    '.button-row{display:flex;gap:8px}.button-row>*{flex:1}',
    '.receive-address{width:100%;padding:10px 12px;border-radius:12px;background:var(--portico-surface);font:13px/1.4 ui-monospace,monospace;overflow-wrap:anywhere;text-align:center}',
    '.receive-networks{display:flex;flex-wrap:wrap;justify-content:center;gap:6px;list-style:none;margin:0;padding:0}',
    '.receive-networks li{display:flex;align-items:center;gap:6px;padding:4px 10px 4px 4px;border-radius:999px;background:var(--portico-surface);font-size:12px;font-weight:600}',
  ].join(''),
})
