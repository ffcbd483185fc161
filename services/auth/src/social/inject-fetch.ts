import type { FastifyInstance } from 'fastify'
import type { CustomFetch } from 'openid-client'

/** A fetch that answers requests for this server's own public origin in process (app.inject). */
export function injectFetch(getApp: () => FastifyInstance, publicOrigin: string): CustomFetch {
  return async (url, options) => {
    const target = new URL(url)
    if (target.origin !== publicOrigin) return fetch(url, options as RequestInit)
    const headers: Record<string, string> = {}
    new Headers(options.headers as HeadersInit).forEach((value, key) => {
      headers[key] = value
    })
    const response = await getApp().inject({
      method: options.method as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      ...(options.body === undefined || options.body === null ? {} : { payload: String(options.body) }),
    })
    const responseHeaders = new Headers()
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(item))
    }
    return new Response(response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null, {
      status: response.statusCode,
      headers: responseHeaders,
    })
  }
}
