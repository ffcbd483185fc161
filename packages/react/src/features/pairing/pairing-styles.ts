/** The Pairing view's CSS; the view module exports it as `styles`, so it loads with the view. */
export const pairingStyles = [
  '.get-wallet{display:flex;align-items:center;justify-content:space-between;gap:12px;width:100%;box-sizing:border-box;padding-block:8px;padding-inline:16px 8px;border-radius:16px;background:var(--portico-surface);font-size:14px;text-align:start}',
  '.get-wallet>span{min-width:0;overflow-wrap:anywhere}',
  '.get-wallet>.primary{flex:none;min-height:32px;padding:0 14px}',
].join('')
