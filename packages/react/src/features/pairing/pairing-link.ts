/**
 * A wallet's link with the pairing URI, the way WalletConnect wallets expect it: `scheme://wc?uri=…` for
 * a native scheme, `https://host/path/wc?uri=…` for a universal link or web app.
 */
export function pairingLink(base: string, uri: string): string {
  const query = `wc?uri=${encodeURIComponent(uri)}`
  if (/^[a-z][a-z0-9+.-]*:\/\/$/i.test(base) || base.endsWith('/')) return `${base}${query}`
  if (!base.includes('://')) return `${base.replace(/:?$/, '')}://${query}`
  return `${base}/${query}`
}
