/** Default base of the explorer, which draws token marks at /public/getTokenImage/{symbol}. */
export const DEFAULT_EXPLORER_URL = 'http://127.0.0.1:3001'

export function tokenIconUrl(explorerUrl: string, symbol: string): string {
  return `${explorerUrl.replace(/\/+$/, '')}/public/getTokenImage/${encodeURIComponent(symbol)}`
}
