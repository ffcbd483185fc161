import { CONNECTION_STORAGE_KEY } from './connection-storage.js'
import { browserStorage, type KeyValueStorage } from './key-value-storage.js'

/** The cookie's name: the storage key of the remembered connection. */
export const CONNECTION_COOKIE = CONNECTION_STORAGE_KEY

/** Browsers drop a cookie over 4 KB; the connection without its wallet icon is a few hundred bytes. */
const MAX_COOKIE_LENGTH = 3_800
/** About a year: a returning visitor is recognised as long as with localStorage (Chrome caps it at 400 days). */
const MAX_AGE_SECONDS = 31_536_000

/** The value of cookie `name` in a `Cookie` header or `document.cookie`, decoded; undefined when absent. */
export function readCookie(cookies: string | null | undefined, name: string): string | undefined {
  for (const pair of (cookies ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at < 0 || pair.slice(0, at).trim() !== name) continue
    try {
      return decodeURIComponent(pair.slice(at + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

function writeCookie(value: string, maxAge: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: Portico's storage is synchronous; the Cookie Store API is not (nor in every browser).
  document.cookie = `${CONNECTION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`
}

/**
 * Storage for server-side rendering (`createPortico(config, { storage: cookieStorage })` or
 * `<PorticoProvider storage={cookieStorage}>`): the remembered connection goes in a cookie the dApp's
 * server reads with `cookieToInitialState`, so its HTML already shows the account. Wallet icons are
 * left out of the cookie (they come back with the reconnect); everything else Portico keeps (the wallet
 * list's cache, recent wallets) stays in localStorage, off the requests. On the server it holds nothing.
 */
export const cookieStorage: KeyValueStorage = {
  getItem(key) {
    if (key !== CONNECTION_STORAGE_KEY) return browserStorage()?.getItem(key) ?? null
    return typeof document === 'undefined' ? null : (readCookie(document.cookie, CONNECTION_COOKIE) ?? null)
  },
  setItem(key, value) {
    if (key !== CONNECTION_STORAGE_KEY) return browserStorage()?.setItem(key, value)
    if (typeof document === 'undefined') return
    const withoutIcons = JSON.stringify(JSON.parse(value), (name, field) =>
      name === 'connectorIcon' ? undefined : field,
    )
    const encoded = encodeURIComponent(withoutIcons)
    if (encoded.length <= MAX_COOKIE_LENGTH) writeCookie(encoded, MAX_AGE_SECONDS)
    else writeCookie('', 0)
  },
  removeItem(key) {
    if (key !== CONNECTION_STORAGE_KEY) return browserStorage()?.removeItem(key)
    if (typeof document !== 'undefined') writeCookie('', 0)
  },
}
