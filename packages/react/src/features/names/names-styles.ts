/** The name views' CSS; it loads with the views, not with the modal. */
export const namesStyles = [
  '.name-input{display:flex;align-items:center;gap:0;border-radius:999px;background:var(--portico-surface);padding-inline-end:14px}',
  '.name-input:focus-within{outline:2px solid var(--portico-accent);outline-offset:2px}',
  '.name-input .field{background:transparent;outline:none}',
  // The rule or the service's refusal marks the whole field, suffix included.
  '.name-input .field[aria-invalid=true]{box-shadow:none}',
  '.name-input:has(.field[aria-invalid=true]){box-shadow:inset 0 0 0 1.5px var(--portico-error)}',
  '.name-suffix{color:var(--portico-muted);font-weight:600}',
  '.name-status{display:flex;justify-content:space-between;align-items:center;min-height:1.5em;font-size:12px;color:var(--portico-muted)}',
  '.name-hint{margin:0;font-size:12px;color:var(--portico-muted);text-align:start}',
  '.name-suggestions{display:flex;flex-direction:column;gap:6px;margin:0;padding:0;list-style:none}',
  '.name-suggestions .row{justify-content:space-between}',
  '.taken{background:color-mix(in srgb,var(--portico-error) 16%,transparent);color:var(--portico-error)}',
  '.success-mark{width:56px;height:56px;border-radius:50%;display:grid;place-items:center;background:color-mix(in srgb,var(--portico-success) 18%,transparent);color:var(--portico-success);font-size:28px;font-weight:700}',
].join('')
