/** The on-ramp views' CSS: it comes with their chunk, as a <style> in the modal's shadow root. */
export const onrampStyles = [
  '.onramp{display:flex;flex-direction:column;gap:12px}',
  '.onramp-grid{display:grid;grid-template-columns:1fr 1fr;gap:10px}',
  '.onramp label{display:flex;flex-direction:column;gap:4px;font-size:12px;font-weight:600;color:var(--portico-muted)}',
  // The modal's .field grows in a row; in these column labels it keeps its own height.
  '.onramp label .field{flex:none;color:var(--portico-text);font-weight:600;font-size:14px}',
  '.onramp select.field{cursor:pointer;line-height:40px;padding-inline-end:32px;background-image:linear-gradient(45deg,transparent 50%,currentColor 50%),linear-gradient(135deg,currentColor 50%,transparent 50%);background-position:calc(100% - 18px) 50%,calc(100% - 13px) 50%;background-size:5px 5px;background-repeat:no-repeat}',
  '.onramp .field-hint{margin:0;font-size:12px;color:var(--portico-muted)}',
  '.quote{margin:0;padding:12px;border-radius:14px;background:var(--portico-surface);display:grid;grid-template-columns:1fr auto;gap:6px 12px;font-size:13px}',
  '.quote dt{color:var(--portico-muted)}.quote dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}',
  '.quote .total{font-weight:700;color:var(--portico-text)}',
  '.quote-estimated{margin:0;font-size:12px;color:var(--portico-muted)}.quote-estimated strong{color:var(--portico-text)}',
  '.provider .fee{font-size:12px;color:var(--portico-muted);font-weight:500}',
  '.row[aria-disabled=true]{cursor:not-allowed;opacity:.55}',
].join('')
