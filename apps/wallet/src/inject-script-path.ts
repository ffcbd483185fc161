const url = new URL('../dist/inject.js', import.meta.url)

/**
 * Absolute file path of the built browser wallet (run `npm run build -w @portico/wallet` first), for
 * Playwright's `page.addInitScript({ path })`. Computed without node:url so this module stays browser-safe.
 */
export const injectScriptPath: string =
  url.protocol === 'file:' ? decodeURIComponent(url.pathname).replace(/^\/([A-Za-z]:\/)/, '$1') : url.href
