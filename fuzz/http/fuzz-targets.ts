import { mkdtempSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChainApiServer } from '@portico/chain-api'
import { DEV_ACCOUNTS, startDevnet } from '@portico/devnet'
import { createExplorerServer } from '@portico/explorer'
import { createRelayServer, RELAY_HTTP_ROUTES } from '@portico/relay'
import type { FastifyInstance } from 'fastify'
import { startTestServer } from '../../services/auth/src/auth-test-helpers.js'
import type { HttpTarget } from './fuzz-routes.js'
import type { FuzzRequest } from './http-arbitraries.js'
import { routeShapes } from './route-shapes.js'
import { routesOf } from './route-table.js'
import { tableRowCounts } from './table-row-counts.js'

/** The origin the auth service's own frame page posts from. */
const AUTH_ORIGIN = 'http://localhost:3004'

/**
 * In-process requests (Fastify's inject), or over a real socket for what inject cannot even build
 * (a path such as `/\\m]` that its URL parser refuses, but a client can still send).
 */
async function injecting(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const fallback = overHttp(port)
  return async (request: FuzzRequest) => {
    let response: Awaited<ReturnType<typeof app.inject>>
    try {
      response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      })
    } catch {
      return fallback(request)
    }
    return response.statusCode
  }
}

/** The frame pages the auth service serves, as a build leaves them (their content does not matter here). */
function builtFramePages() {
  const dir = mkdtempSync(join(tmpdir(), 'portico-fuzz-frame-'))
  for (const page of ['index.html', 'approve.html'])
    writeFileSync(
      join(dir, page),
      '<!doctype html><html><head><title>frame</title></head><body></body></html>',
    )
  return dir
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** Plain HTTP to a listening server (the relay is no Fastify app), answer body drained. */
const overHttp = (port: number) => (request: FuzzRequest) =>
  new Promise<number>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        // What Node's client cannot put on the request line at all goes percent-encoded.
        path: request.url.replace(/[^\u0021-\u00ff]/gu, encodeURIComponent),
        // Only names a header can have on the wire.
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(([name]) => HEADER_NAME.test(name)),
        ),
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(request.payload)
  })

/**
 * The four services as a visitor's requests meet them: explorer, chain API on a devnet, auth with a
 * signed-in session, the relay's HTTP side. Rate limits are off so every case reaches the handlers.
 */
export async function startFuzzTargets() {
  const devnet = await startDevnet({ port: 0, chainIds: [1] })
  const explorer = await createExplorerServer({ rateLimit: false, walletCacheTtlMs: 0 })
  const chainApi = await createChainApiServer({ manifest: devnet.manifest, indexer: false, rateLimit: false })
  const auth = await startTestServer({
    rateLimit: false,
    rpcUrlTemplate: `${devnet.url}/{chainId}`,
    framePageDir: builtFramePages(),
    // A device wait answers "not confirmed" when its long poll ends: the same path after 100 ms as after
    // 25 s, and 1 in 25 of its cases is such a wait.
    longPollMs: 100,
  })
  const relay = await createRelayServer({ port: 0 })
  const { session } = await auth.signIn('fuzz-user@example.test')
  // Sign-out gets a session of its own, so the others stay signed in for the whole run.
  const { session: disposable } = await auth.signIn('fuzz-signout@example.test')
  const shapes = routeShapes({
    address: DEV_ACCOUNTS[1] as string,
    tokens: devnet.manifest.chains.flatMap((chain) =>
      chain.tokens.map((token) => `eip155:${chain.chainId}:${token.address}`),
    ),
    bearer: `Bearer ${session.token}`,
    signOutBearer: `Bearer ${disposable.token}`,
    origin: AUTH_ORIGIN,
  })
  const targets: HttpTarget[] = [
    {
      service: 'explorer',
      routes: routesOf(explorer.app),
      shapes: shapes.explorer,
      send: await injecting(explorer.app),
      rowCounts: await tableRowCounts(explorer.db),
    },
    {
      service: 'chain API',
      routes: routesOf(chainApi.app),
      shapes: shapes.chainApi,
      send: await injecting(chainApi.app),
      rowCounts: await tableRowCounts(chainApi.db),
    },
    {
      service: 'auth',
      routes: routesOf(auth.app),
      shapes: shapes.auth,
      send: await injecting(auth.app),
      // A wrong code or a recovery attempt is recorded on purpose: that is what limits guessing.
      rowCounts: await tableRowCounts(auth.server.db, ['address_events', 'recovery_attempts']),
    },
    {
      service: 'relay',
      routes: RELAY_HTTP_ROUTES.map((route) => ({ ...route })),
      shapes: shapes.relay,
      send: overHttp(relay.port),
    },
  ]
  return {
    targets,
    relayUrl: relay.url,
    async close() {
      await Promise.allSettled([explorer.close(), chainApi.close(), auth.server.close(), relay.close()])
      await devnet.stop()
    },
  }
}
