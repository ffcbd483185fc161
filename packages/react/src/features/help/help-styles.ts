/** The help view's CSS; it loads with the view, not with the modal. */
export const helpStyles =
  '.help{list-style:none;margin:0 0 8px;padding:0;display:flex;flex-direction:column;gap:14px}.help li{display:flex;gap:12px;align-items:flex-start;text-align:start}.help-icon{flex:none;display:grid;place-items:center;width:40px;height:40px;border-radius:12px;background:color-mix(in srgb,var(--portico-accent) 16%,transparent);color:var(--portico-accent-ink,var(--portico-accent))}.help h3{margin:0 0 2px;font-size:14px}.help p{margin:0;color:var(--portico-muted);font-size:13px}'
