/**
 * The explorer and chain API as a fetch, for `vi.stubGlobal('fetch', …)`: unit tests reach no running stack.
 * The chain API knows nothing of any account (no tokens, no profile, no history); anything else, such as
 * the explorer's wallet list, answers 404. It records the paths it was asked for.
 */
export function emptyServicesFetch() {
  const requested: string[] = []
  const fetch: typeof globalThis.fetch = async (input) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname
    requested.push(path)
    if (/^\/v1\/account\/[^/]+\/balance$/.test(path)) return Response.json({ balances: [] })
    if (/^\/v1\/account\/[^/]+\/history$/.test(path)) return Response.json({ data: [], next: null })
    if (path.startsWith('/v1/identity/')) return Response.json({ name: null, avatar: null })
    return new Response(null, { status: 404 })
  }
  return { fetch, requested }
}
