/** Any http(s) page served from this machine: what a dApp under development runs on. */
const LOCAL_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/

/**
 * Decides whether a dApp origin may call a service from a browser. An explicit list replaces the
 * local-only default; '*' in the list allows every origin.
 */
export function isAllowedOrigin(origin: string, allowed: readonly string[] | undefined): boolean {
  if (!allowed) return LOCAL_ORIGIN.test(origin)
  return allowed.includes('*') || allowed.includes(origin)
}
