// A dApp under development runs on this machine, on any port.
const LOCAL_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/

/** Whether a browser page at `origin` may call the API: an explicit list (or '*') replaces the local default. */
export function isAllowedOrigin(origin: string, allowed: readonly string[] | undefined): boolean {
  if (!allowed) return LOCAL_ORIGIN.test(origin)
  return allowed.includes('*') || allowed.includes(origin)
}
