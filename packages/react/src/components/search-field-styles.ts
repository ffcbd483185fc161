/** The search field of All wallets and Networks; it loads with those views, not with the modal. */
export const searchFieldStyles = `
.search{all:unset;box-sizing:border-box;width:100%;height:40px;padding:0 14px;border-radius:999px;background:var(--portico-surface);color:var(--portico-text);font:inherit}
.search::placeholder{color:var(--portico-muted)}
.search:focus-visible{outline:2px solid var(--portico-accent);outline-offset:0}
`
