import type { FastifyInstance } from 'fastify'

/** One method and URL pattern a server answers, as registered (`/v1/account/:address/balance`). */
export interface Route {
  method: string
  url: string
}

export const routeKey = (route: Route) => `${route.method} ${route.url}`

const LINE = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/

/**
 * Every route of a ready Fastify server, read from the server itself (its route tree as printRoutes
 * draws it), so a route added tomorrow is fuzzed without touching the fuzzer. HEAD is left out: Fastify
 * answers it with the GET handler.
 */
export function routesOf(app: FastifyInstance): Route[] {
  const prefixes: string[] = []
  const routes: Route[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '')
    prefixes[depth] = path
    prefixes.length = depth + 1
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD') continue
      routes.push({ method, url: registeredUrl(app, method, path) })
    }
  }
  return routes
}

/** The tree draws `/frame/*` as `*` under `/frame`; the registered pattern is the one Fastify knows. */
function registeredUrl(app: FastifyInstance, method: string, path: string) {
  const candidates = [path, path.replace(/([^/])\*$/, '$1/*'), path.replace(/\/\*$/, '*'), `/${path}`]
  // A route a plugin adds with its own constraints (CORS preflight) is not found by hasRoute: kept as drawn.
  return candidates.find((url) => app.hasRoute({ method: method as 'GET', url })) ?? path
}
