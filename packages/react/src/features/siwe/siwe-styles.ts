/** The ConnectingSiwe view's CSS; it loads with the view. */
export const siweStyles = `
.siwe-logos{display:flex;align-items:center;justify-content:center;margin-block:4px 6px}
.siwe-logos img,.siwe-logos .siwe-logo{width:56px;height:56px;border-radius:16px;object-fit:cover;background:var(--portico-surface);border:2px solid var(--portico-bg, transparent)}
.siwe-logos>*+*{margin-inline-start:-10px}
.siwe-logo{display:inline-flex;align-items:center;justify-content:center;font-weight:700;font-size:22px;color:var(--portico-text)}
.siwe-text{display:flex;flex-direction:column;gap:6px}
.siwe-actions{display:flex;gap:8px;width:100%;margin-block-start:6px}
.siwe-actions>button{flex:1}
.primary[disabled]{opacity:.6;cursor:default}
`
