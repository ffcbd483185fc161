/** A token's row (icon, name, amount): the Account view's token list and Activity's rows. Loads with them. */
export const tokenRowStyles = `
.token{display:flex;align-items:center;gap:10px;padding:8px 12px;border-radius:14px;background:var(--portico-surface)}
.token .name{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px;font-weight:600}
.token .amount{display:flex;flex-direction:column;align-items:flex-end;font-weight:600;font-variant-numeric:tabular-nums}
`
