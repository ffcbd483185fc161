import { isEvmAddress, isSolanaAddress } from '../config/validation.js'
import { type StoredConnection, storedConnectionGuard } from './connection-storage.js'
import { CONNECTION_COOKIE, readCookie } from './cookie-storage.js'

/**
 * What the server knows of a returning visitor, for `<PorticoProvider initialState={…}>`: the connection
 * `cookieStorage` remembered (account, network, wallet, namespace, last balance). Plain JSON, so a server
 * component can hand it to a client one.
 */
export type PorticoInitialState = StoredConnection

/** The address formats of the namespaces Portico has adapters for; the provider checks again with the adapters'. */
const isKnownAddress = (namespace: string, address: string) =>
  namespace === 'eip155'
    ? address.startsWith('0x') && isEvmAddress(address)
    : namespace === 'solana' && isSolanaAddress(address)

/**
 * Reads the connection `cookieStorage` wrote from a request's `Cookie` header, for the server to render the
 * connected button at once (`<PorticoProvider initialState={…}>`). Undefined when there is none, or when
 * the cookie does not read as one (tampered, truncated, an unknown address): the visitor is then not
 * connected, never an error.
 *
 * @example
 * ```tsx
 * // app/layout.tsx (a server component)
 * import { cookieToInitialState } from '@portico/core'
 * import { headers } from 'next/headers'
 *
 * const initialState = cookieToInitialState((await headers()).get('cookie'))
 * ```
 */
export function cookieToInitialState(
  cookieHeader: string | null | undefined,
): PorticoInitialState | undefined {
  const raw = readCookie(cookieHeader, CONNECTION_COOKIE)
  if (raw === undefined) return undefined
  try {
    const parsed = storedConnectionGuard(isKnownAddress).safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
