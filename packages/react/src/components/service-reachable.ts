/** How long the probe waits for any answer before it counts the service as unreachable. */
export const REACHABLE_TIMEOUT_MS = 10_000

/**
 * Whether anything answers at `url` (a WebSocket URL is asked over HTTP): any answer, an error status
 * too, means the service is there; only a failed connection means it is not. `no-cors`, so a service
 * without CORS headers for this page (a relay) still counts as there.
 */
export async function isReachable(url: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    await fetcher(url.replace(/^ws/, 'http'), {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(REACHABLE_TIMEOUT_MS),
    })
    return true
  } catch {
    return false
  }
}
