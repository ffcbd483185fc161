/**
 * GET requests started before the code that reads them has loaded: the first paint starts the wallet
 * list request on the visitor's intent, beside the runtime chunk, and the runtime's explorer client
 * takes the answer instead of asking again. Each early answer is used once.
 */
export interface EarlyResponses {
  start(url: string, init: RequestInit): void
  /** A fetch that answers from an early request for the same URL when there is one. */
  fetch: typeof fetch
}

export function createEarlyResponses(fetcher: typeof fetch = (...args) => fetch(...args)): EarlyResponses {
  const pending = new Map<string, Promise<Response>>()
  return {
    start(url, init) {
      if (pending.has(url)) return
      const request = fetcher(url, init)
      // Nobody may take it (the runtime failed to load): never an unhandled rejection.
      request.catch(() => {})
      pending.set(url, request)
    },
    fetch(input, init) {
      const url = typeof input === 'string' ? input : undefined
      const early = url !== undefined && (init?.method ?? 'GET') === 'GET' ? pending.get(url) : undefined
      if (!early || !url) return fetcher(input, init)
      pending.delete(url)
      // A failed early request is asked again, as if it had never been made.
      return early.catch(() => fetcher(input, init))
    },
  }
}
