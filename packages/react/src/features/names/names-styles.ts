/** The name views' CSS; each view module exports it as `styles`, so it loads with them. */
export const namesStyles = [
  '.name-form{display:flex;flex-direction:column;gap:12px}',
  '.name-field{display:flex;flex-direction:column;gap:6px}',
  // The label and the lookup's answer share a line, so the answer appearing moves nothing.
  '.name-label-row{display:flex;justify-content:space-between;align-items:center;gap:8px;min-height:22px}',
  '.name-label-row label{font-size:12px;color:var(--portico-muted)}',
  '.name-input{display:flex;align-items:center;height:40px;border-radius:999px;background:var(--portico-surface);padding-inline-end:14px}',
  '.name-input:focus-within{outline:2px solid var(--portico-accent);outline-offset:0}',
  '.name-input .field{background:transparent;outline:none}',
  // The rule or the service's refusal marks the whole field, suffix included.
  '.name-input .field[aria-invalid=true]{box-shadow:none}',
  '.name-input:has(.field[aria-invalid=true]){box-shadow:inset 0 0 0 1.5px var(--portico-error)}',
  '.name-suffix{flex:none;color:var(--portico-muted);font-weight:600}',
  '.name-hint{margin:0;font-size:12px;color:var(--portico-muted);text-align:start}',
  '.name-form .field-error{overflow-wrap:anywhere}',
  // A long name shortens inside the button instead of widening the modal.
  '.name-form .primary>span{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}',
  '.name-suggestions-section{display:flex;flex-direction:column;gap:6px}',
  '.name-suggestions-title{margin:4px 0 0;font-size:12px;font-weight:600;color:var(--portico-muted)}',
  '.name-suggestions{display:flex;flex-direction:column;gap:6px;margin:0;padding:0;list-style:none}',
  '.name-suggestions .use{flex:none;font-size:12px;color:var(--portico-accent-ink)}',
  '.taken{background:color-mix(in srgb,var(--portico-error) 16%,transparent);color:var(--portico-error)}',
  '.name-success h3{overflow-wrap:anywhere}',
  '.success-mark{width:56px;height:56px;border-radius:50%;display:grid;place-items:center;background:color-mix(in srgb,var(--portico-success) 18%,transparent);color:var(--portico-success);font-size:28px;font-weight:700}',
].join('')
